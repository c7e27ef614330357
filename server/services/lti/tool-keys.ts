/**
 * The tool's signing keys for LTI 1.3 (1EdTech Security Framework 1.0, §6): RS256 key pairs made with
 * `jose` and kept in the database. The newest key signs; a key is replaced once it is older than
 * `rotateAfterMs`, and the replaced one stays in the published set for `overlapMs` more, so a
 * platform that cached the set still verifies what it signed. Two machines that rotate at once make
 * two keys: both are published, and the newer signs.
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export const ROTATE_AFTER_MS = 90 * 24 * 3_600_000;
export const KEY_OVERLAP_MS = 14 * 24 * 3_600_000;

export interface SigningKey {
  kid: string;
  key: Awaited<ReturnType<typeof importJWK>>;
}

export class ToolKeys {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { now: () => number; rotateAfterMs?: number; overlapMs?: number },
  ) {}

  /** The key to sign with now: the newest, made (or replaced) first when there is none or it is too old. */
  async signing(): Promise<SigningKey> {
    const now = this.options.now();
    let newest = await this.newest();
    if (!newest || now - Number(newest.created_at) >= (this.options.rotateAfterMs ?? ROTATE_AFTER_MS)) {
      await this.rotate();
      newest = await this.newest();
    }
    if (!newest) throw new Error('no LTI signing key could be made');
    return { kid: newest.kid, key: await importJWK(JSON.parse(newest.private_jwk) as JWK, 'RS256') };
  }

  /** Makes a new key; the ones before it retire after the overlap. */
  async rotate(): Promise<string> {
    const now = this.options.now();
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('lti_keys')
        .set({ retires_at: now + (this.options.overlapMs ?? KEY_OVERLAP_MS) })
        .where('retires_at', 'is', null)
        .execute();
      await trx
        .insertInto('lti_keys')
        .values({
          kid,
          private_jwk: JSON.stringify(privateJwk),
          public_jwk: JSON.stringify(publicJwk),
          created_at: now,
          retires_at: null,
        })
        .execute();
    });
    return kid;
  }

  /** The published key set: every key not yet retired, newest first, public parts only. */
  async jwks(): Promise<{ keys: JWK[] }> {
    await this.signing();
    const rows = await this.db
      .selectFrom('lti_keys')
      .select(['public_jwk'])
      .where((eb) => eb.or([eb('retires_at', 'is', null), eb('retires_at', '>', this.options.now())]))
      .orderBy('created_at', 'desc')
      .orderBy('kid')
      .execute();
    return { keys: rows.map((row) => JSON.parse(row.public_jwk) as JWK) };
  }

  private newest() {
    return this.db
      .selectFrom('lti_keys')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('kid', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
