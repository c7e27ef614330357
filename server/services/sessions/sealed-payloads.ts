/**
 * A lesson version's blocks, one language at a time, encrypted with the version's own AES-256-GCM
 * key: the app fetches and keeps this payload before the start (it never changes at its address,
 * so caches keep it), and the start's answer hands out the key. Nobody reads the questions before
 * starting, and the start of a whole class is one small write per taker instead of every block to
 * every device while the clock runs. Opened by contract/sealed-payload.ts.
 */
import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Locale } from '../../../contract/locale.ts';
import type { PayloadKey, SealedPayload } from '../../../contract/online.ts';
import type { Database, OnlineSessionsTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import type { LessonVersionStore } from '../catalog/lesson-versions.ts';
import { attemptOrderOf, presentTakerBlock } from './session-presenter.ts';

/** Sealed payloads kept ready: a few versions in four languages; an evicted one is sealed again. */
const KEPT_PAYLOADS = 64;

export class SealedPayloads {
  private readonly keys = new Map<number, Promise<Buffer>>();
  private readonly payloads = new Map<string, Promise<SealedPayload>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly versions: LessonVersionStore,
  ) {}

  /**
   * The version's key, made on first use. Two processes making it at once both write only where
   * none is yet, then read back the one that was kept.
   */
  private key(versionId: number): Promise<Buffer> {
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
        return Buffer.from(row?.payload_key ?? '', 'base64url');
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
    const key = await this.key(versionId);
    const version = await this.versions.get(versionId);
    const plain = JSON.stringify(version.blocks.map((block) => presentTakerBlock(block, locale)));
    // The same text under the same key always: the IV may then repeat, since it can only ever
    // encrypt this very text again (and the address stays one set of bytes for every cache).
    const iv = createHmac('sha256', key).update(`iv:${locale}`).digest().subarray(0, 12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return { version: versionId, locale, iv: iv.toString('base64url'), sealed: sealed.toString('base64url') };
  }

  /**
   * What a running session's device needs to open its version's payload: the key, and the attempt's
   * own order of questions and options when it has one (shuffled), or its own questions (drawn from
   * pools): the payload holds every question as written, and the order names the ones it is asked.
   */
  async keyFor(session: OnlineSessionsTable): Promise<PayloadKey> {
    const key = await this.key(session.lesson_version_id);
    const shuffled = session.shuffle_questions === 1 || session.shuffle_options === 1;
    if (!shuffled && session.drawn === null)
      return { version: session.lesson_version_id, key: key.toString('base64url') };
    const version = await this.versions.ofAttempt(session);
    const order = version.blocks.map((block) => {
      const shown = presentTakerBlock(block, 'en', attemptOrderOf(session));
      return {
        block: block.id,
        questions: shown.questions.map((q) => q.id),
        options: Object.fromEntries(
          shown.questions.flatMap((q) => (q.options ? [[q.id, q.options.map((o) => o.id)]] : [])),
        ),
      };
    });
    return { version: session.lesson_version_id, key: key.toString('base64url'), order };
  }
}
