/**
 * The server's receipt keys: Ed25519 pairs made with node's crypto and kept in the database, the
 * same on every machine over one database. The newest signs; one older than `rotateAfterMs` is
 * replaced, and the replaced key's private part is wiped while its public part stays published for
 * good, so a receipt signed years ago still checks. Two machines that rotate at once make two keys:
 * both are published, and the newer signs.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ReceiptKeySet } from '../../../contract/receipts.ts';
import type { Database } from '../../db/schema.ts';

export const RECEIPT_KEY_ROTATE_MS = 365 * 24 * 3_600_000;

type PublicJwk = ReceiptKeySet['keys'][number];

/**
 * How long the signing key is held in memory before the database is asked again: a finish signs
 * with no read of its own, and a key another machine rotated in signs here from at most this later
 * (the one held still checks: a retired key's public part stays published).
 */
export const RECEIPT_KEY_RECHECK_MS = 60_000;

interface HeldKey {
  kid: string;
  key: KeyObject;
  created_at: number;
  /** When the database last said this is the newest. */
  read_at: number;
}

export class ReceiptKeys {
  /** A key being made in this process: signings that find none wait for it rather than make their own. */
  private making: Promise<unknown> | null = null;
  /** The signing key, parsed once, and the read that brings it (one at a time). */
  private held: HeldKey | null = null;
  private reading: Promise<HeldKey> | null = null;
  /** Counts this process's rotations: a read begun before one does not hold the key it retired. */
  private rotations = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { now: () => number; rotateAfterMs?: number },
  ) {}

  /**
   * The key to sign with now: the newest, made (or replaced) first when there is none or it is too
   * old; from memory while it is younger than its year and was read within RECEIPT_KEY_RECHECK_MS.
   */
  async signing(): Promise<{ kid: string; key: KeyObject }> {
    const now = this.options.now();
    const held = this.held;
    if (held && !this.tooOld(held.created_at) && now - held.read_at < RECEIPT_KEY_RECHECK_MS) return held;
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  /** The newest key from the database, made first when there is none or it is too old. */
  private async read(): Promise<HeldKey> {
    const readAt = this.options.now();
    let rotations = this.rotations;
    let newest = await this.newest();
    if (this.stale(newest)) {
      // Two signings at once (a finish's and its receipt's read) must not each make a key: one
      // rotation at a time here, and the next one finds the key the first made.
      this.making ??= this.newest()
        .then((again) => (this.stale(again) ? this.rotate() : undefined))
        .finally(() => {
          this.making = null;
        });
      await this.making;
      rotations = this.rotations;
      newest = await this.newest();
    }
    if (!newest?.private_pem) throw new Error('no receipt signing key could be made');
    const held = {
      kid: newest.kid,
      key: createPrivateKey(newest.private_pem),
      created_at: Number(newest.created_at),
      read_at: readAt,
    };
    if (rotations === this.rotations) this.held = held;
    return held;
  }

  /** No key to sign with, or one past its year. */
  private stale(newest: { private_pem: string | null; created_at: number | string } | undefined) {
    return !newest?.private_pem || this.tooOld(Number(newest.created_at));
  }

  private tooOld(createdAt: number) {
    return this.options.now() - createdAt >= (this.options.rotateAfterMs ?? RECEIPT_KEY_ROTATE_MS);
  }

  /** Makes a new key; the ones before it retire (their private parts wiped). */
  async rotate(): Promise<string> {
    const now = this.options.now();
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const kid = `r-${randomUUID()}`;
    const jwk = publicKey.export({ format: 'jwk' }) as { x: string };
    const published: PublicJwk = { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid, alg: 'EdDSA', use: 'sig' };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('receipt_keys')
        .set({ private_pem: null, retired_at: now })
        .where('retired_at', 'is', null)
        .execute();
      await trx
        .insertInto('receipt_keys')
        .values({
          kid,
          private_pem: privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
          public_jwk: JSON.stringify(published),
          created_at: now,
          retired_at: null,
        })
        .execute();
    });
    // The next signing reads the key just made.
    this.rotations += 1;
    this.held = null;
    return kid;
  }

  /** Every key ever used, retired ones too: the signing one first, then the newest; public parts only. */
  async keySet(): Promise<ReceiptKeySet> {
    const rows = await this.db
      .selectFrom('receipt_keys')
      .select(['public_jwk', 'created_at', 'retired_at', 'kid'])
      .execute();
    rows.sort(
      (a, b) =>
        Number(a.retired_at !== null) - Number(b.retired_at !== null) ||
        Number(b.created_at) - Number(a.created_at) ||
        (a.kid < b.kid ? -1 : 1),
    );
    return { keys: rows.map((row) => JSON.parse(row.public_jwk) as PublicJwk) };
  }

  /** The public key named `kid`, or null when this server never had it. */
  async publicKey(kid: string): Promise<KeyObject | null> {
    const row = await this.db.selectFrom('receipt_keys').select('public_jwk').where('kid', '=', kid).executeTakeFirst();
    return row ? createPublicKey({ key: JSON.parse(row.public_jwk), format: 'jwk' }) : null;
  }

  private newest() {
    return this.db
      .selectFrom('receipt_keys')
      .select(['kid', 'private_pem', 'created_at'])
      .where('retired_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('kid', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
