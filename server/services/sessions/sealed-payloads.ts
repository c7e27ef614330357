/**
 * A lesson version's blocks, one language at a time, encrypted under keys derived from the version's
 * own secret: the app fetches and keeps this payload before the start (it never changes at its
 * address, so caches keep it), and the start's answer hands out the keys. Nobody reads the questions
 * before starting, and the start of a whole class is one small write per taker instead of every
 * block to every device while the clock runs. The frame (blocks and their question ids) has a key of
 * its own and every question another, so a pooled attempt, handed the keys of what it drew, cannot
 * read the rest of the pool from the payload it keeps. Opened by contract/sealed-payload.ts.
 */
import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Locale } from '../../../contract/locale.ts';
import type { PayloadFrame, PayloadKey, SealedPart, SealedPayload } from '../../../contract/payload-keys.ts';
import type { Database, OnlineSessionsTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import type { LessonVersionStore } from '../catalog/lesson-versions.ts';
import { attemptOrderOf, hasOwnOrder, presentTakerBlock } from './session-presenter.ts';

/** Sealed payloads kept ready: a few versions in four languages; an evicted one is sealed again. */
const KEPT_PAYLOADS = 64;

/** The keys of one version: the frame's and each question's, derived from its secret. */
interface VersionKeys {
  frame: Buffer;
  questions: Map<string, Buffer>;
  /** Every question's key, base64url, as a start hands them out (a pooled one takes a part). */
  handedOut: Record<string, string>;
}

/** A part's key: an HMAC of the version's secret, so nothing but the secret need be stored. */
function partKey(secret: Buffer, part: string): Buffer {
  return createHmac('sha256', secret).update(part).digest();
}

/**
 * The same text under the same key always: the IV may then repeat, since it can only ever encrypt
 * this very text again (and the address stays one set of bytes for every cache).
 */
function sealPart(key: Buffer, locale: Locale, value: unknown): SealedPart {
  const iv = createHmac('sha256', key).update(`iv:${locale}`).digest().subarray(0, 12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { iv: iv.toString('base64url'), sealed: sealed.toString('base64url') };
}

export class SealedPayloads {
  private readonly keys = new Map<number, Promise<VersionKeys>>();
  private readonly payloads = new Map<string, Promise<SealedPayload>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly versions: LessonVersionStore,
  ) {}

  /**
   * The version's keys, its secret made on first use. Two processes making it at once both write
   * only where none is yet, then read back the one that was kept.
   */
  private key(versionId: number): Promise<VersionKeys> {
    let entry = this.keys.get(versionId);
    if (!entry) {
      entry = (async () => {
        const read = () =>
          this.db.selectFrom('lesson_versions').select('payload_key').where('id', '=', versionId).executeTakeFirst();
        let row = await read();
        if (!row) throw new HttpError(404, phrase('noSuchVersion'));
        if (row.payload_key === null) {
          await this.db
            .updateTable('lesson_versions')
            .set({ payload_key: randomBytes(32).toString('base64url') })
            .where('id', '=', versionId)
            .where('payload_key', 'is', null)
            .execute();
          row = await read();
        }
        const secret = Buffer.from(row?.payload_key ?? '', 'base64url');
        const version = await this.versions.get(versionId);
        const ids = version.blocks.flatMap((block) => block.questions.map((q) => q.id));
        const questions = new Map(ids.map((id) => [id, partKey(secret, `question:${id}`)]));
        const handedOut = Object.fromEntries([...questions].map(([id, key]) => [id, key.toString('base64url')]));
        return { frame: partKey(secret, 'frame'), questions, handedOut };
      })();
      entry.catch(() => this.keys.delete(versionId));
      this.keys.set(versionId, entry);
    }
    return entry;
  }

  /** The sealed payload of a version in one language: the same bytes on every call and every process. */
  payload(versionId: number, locale: Locale): Promise<SealedPayload> {
    const id = `${versionId}:${locale}`;
    let entry = this.payloads.get(id);
    if (!entry) {
      entry = this.seal(versionId, locale);
      entry.catch(() => this.payloads.delete(id));
      if (this.payloads.size >= KEPT_PAYLOADS) this.payloads.delete(this.payloads.keys().next().value as string);
      this.payloads.set(id, entry);
    }
    return entry;
  }

  private async seal(versionId: number, locale: Locale): Promise<SealedPayload> {
    const keys = await this.key(versionId);
    const blocks = (await this.versions.get(versionId)).blocks.map((block) => presentTakerBlock(block, locale));
    const frame: PayloadFrame = blocks.map((b) => ({
      id: b.id,
      title: b.title,
      questions: b.questions.map((q) => q.id),
    }));
    const questions = Object.fromEntries(
      blocks.flatMap((b) => b.questions.map((q) => [q.id, sealPart(keys.questions.get(q.id) as Buffer, locale, q)])),
    );
    return { version: versionId, locale, frame: sealPart(keys.frame, locale, frame), questions };
  }

  /**
   * What a running session's device needs to open its part of the version's payload: the frame's
   * key, the keys of the questions it is asked (all, or a pool's drawn ones only), and the attempt's
   * own order of questions and options when it has one (shuffled, or a matching's answers and an
   * ordering's start drawn for it: session-presenter.ts `hasOwnOrder`), or its drawn questions by block.
   */
  async keyFor(session: OnlineSessionsTable): Promise<PayloadKey> {
    const keys = await this.key(session.lesson_version_id);
    const handed = { version: session.lesson_version_id, key: keys.frame.toString('base64url') };
    const version = await this.versions.ofAttempt(session);
    const own = attemptOrderOf(session);
    if (!hasOwnOrder(version, own) && session.drawn === null) return { ...handed, questions: keys.handedOut };
    const asked = version.blocks.flatMap((block) => block.questions.map((q) => q.id));
    const questions = Object.fromEntries(asked.map((id) => [id, keys.handedOut[id] as string]));
    const order = version.blocks.map((block) => {
      const shown = presentTakerBlock(block, 'en', own);
      return {
        block: block.id,
        questions: shown.questions.map((q) => q.id),
        options: Object.fromEntries(
          shown.questions.flatMap((q) => (q.options ? [[q.id, q.options.map((o) => o.id)]] : [])),
        ),
      };
    });
    return { ...handed, questions, order };
  }
}
