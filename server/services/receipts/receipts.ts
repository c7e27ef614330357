/**
 * Signed receipts (contract/receipts.ts, docs/receipts.md): one per finished attempt, signed with
 * the others of its finish's commit off the finish's request (receipt-batch.ts), or the first time
 * it is asked for when none was (an attempt closed elsewhere, before receipts, or a batch that
 * failed), and kept, so a device that finished offline gets the same receipt whenever it comes back. A check
 * says whether the signature is this server's and whether what it stores still matches; a claim
 * puts an attempt taken without an account into the claimant's, with its receipt as the proof.
 */
import type { Kysely } from 'kysely';
import type { CodeCheck, Receipt, ReceiptBody, ReceiptCheck, SignedReceipt } from '../../../contract/receipts.ts';
import type { Database, OnlineSessionsTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import type { LessonVersionStore } from '../catalog/lesson-versions.ts';
import { REVIEW_COLUMNS } from '../sessions/review-levels.ts';
import { ReceiptBatch, type ReceiptBatchOptions } from './receipt-batch.ts';
import { receiptBody } from './receipt-body.ts';
import { answersDigest, receiptCode, signedBy, signReceipt } from './receipt-digest.ts';
import type { ReceiptKeys } from './receipt-keys.ts';

export class Receipts {
  /** The receipts of the attempts this process's finishes close, signed together off their requests. */
  readonly batch: ReceiptBatch;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly keys: ReceiptKeys,
    private readonly versions: LessonVersionStore,
    private readonly options: ReceiptBatchOptions,
  ) {
    this.batch = new ReceiptBatch(db, keys, options);
  }

  /**
   * The attempt's receipt: the one its finish's batch signs (waited for while under way), else the
   * one kept, else signed now; null while the attempt runs. Every way answers with the first stored.
   */
  async of(session: OnlineSessionsTable): Promise<SignedReceipt | null> {
    if (session.status !== 'finished' || session.finished_at === null) return null;
    const batched = await this.batch.signing(session.uuid);
    if (batched) return batched;
    const kept = await this.kept(session.uuid);
    if (kept) return kept;
    const body = await this.bodyOf(session);
    const { kid, key } = await this.keys.signing();
    const receipt = signReceipt({ ...body, kid }, key);
    // Two requests at once sign twice: the first stored stays, and both answer with it.
    await this.db
      .insertInto('receipts')
      .values({ session_uuid: session.uuid, receipt: JSON.stringify(receipt), signed_at: body.signed_at })
      .onConflict((oc) => oc.column('session_uuid').doNothing())
      .execute();
    return (await this.kept(session.uuid)) as SignedReceipt;
  }

  keySet() {
    return this.keys.keySet();
  }

  async check(receipt: Receipt): Promise<ReceiptCheck> {
    const key = await this.keys.publicKey(receipt.kid);
    const none = { stored: null, differences: [], score_changed: false };
    if (!key) return { signature: 'unknown_key', ...none };
    if (!signedBy(receipt, key)) return { signature: 'invalid', ...none };
    const session = await this.db
      .selectFrom('online_sessions')
      .selectAll()
      .where('uuid', '=', receipt.attempt)
      .executeTakeFirst();
    if (!session) return { signature: 'valid', ...none, stored: 'gone' };
    const now = answersDigest(await this.answerRows(session.uuid));
    const numbers = await this.questionNumbers(session);
    const signed = new Map(receipt.answers.questions.map(({ q, h }) => [q, h]));
    const current = new Map(now.questions.map(({ q, h }) => [q, h]));
    const differences: ReceiptCheck['differences'] = [];
    for (const [q, h] of signed) {
      const there = current.get(q);
      if (there === undefined) differences.push({ question: q, number: numbers.get(q) ?? null, change: 'missing' });
      else if (there !== h) differences.push({ question: q, number: numbers.get(q) ?? null, change: 'changed' });
    }
    for (const q of current.keys())
      if (!signed.has(q)) differences.push({ question: q, number: numbers.get(q) ?? null, change: 'added' });
    differences.sort((a, b) => (a.number ?? 1e9) - (b.number ?? 1e9) || (a.question < b.question ? -1 : 1));
    const scoreNow = session.score === null ? null : Number(session.score);
    return {
      signature: 'valid',
      stored: differences.length ? 'differs' : 'matches',
      differences,
      score_changed: receipt.score !== null && scoreNow !== receipt.score,
      score_now: receipt.score === null ? null : scoreNow,
    };
  }

  /** The attempt's own receipt when `code` is its code, checked; 404 for any other code. */
  async checkByCode(attempt: string, code: string): Promise<CodeCheck> {
    const kept = await this.kept(attempt);
    if (!kept || kept.code !== code) throw new HttpError(404, phrase('noReceiptWithCode'));
    return { receipt: kept.receipt, check: await this.check(kept.receipt) };
  }

  /** Puts the receipt's attempt into `userId`'s account when it is in none; 404 for anything else. */
  async claim(receipt: Receipt, userId: string): Promise<OnlineSessionsTable> {
    const checked = await this.check(receipt);
    if (checked.signature !== 'valid' || checked.stored === 'gone') throw new HttpError(404, phrase('noSuchReceipt'));
    const updated = await this.db
      .updateTable('online_sessions')
      .set({ user_id: userId })
      .where('uuid', '=', receipt.attempt)
      .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new HttpError(404, phrase('noSuchReceipt'));
    return this.db
      .selectFrom('online_sessions')
      .selectAll()
      .where('uuid', '=', receipt.attempt)
      .executeTakeFirstOrThrow();
  }

  private async kept(uuid: string): Promise<SignedReceipt | null> {
    const row = await this.db
      .selectFrom('receipts')
      .select('receipt')
      .where('session_uuid', '=', uuid)
      .executeTakeFirst();
    if (!row) return null;
    const receipt = JSON.parse(row.receipt) as Receipt;
    return { receipt, code: receiptCode(receipt) };
  }

  private answerRows(uuid: string) {
    return this.db
      .selectFrom('answers')
      .select(['id', 'question_id', 'value', 'answered_at'])
      .where('session_uuid', '=', uuid)
      .execute();
  }

  private async bodyOf(session: OnlineSessionsTable): Promise<Omit<ReceiptBody, 'kid'>> {
    const assignment =
      session.assignment_id === null
        ? null
        : ((await this.db
            .selectFrom('assignments')
            .select(REVIEW_COLUMNS)
            .where('id', '=', session.assignment_id)
            .executeTakeFirst()) ?? null);
    const slug = await this.options.slugOf(session.lesson_id);
    const answers = await this.answerRows(session.uuid);
    return receiptBody({ session, slug, assignment, answers }, this.options.now(), this.options.server);
  }

  /** Each question's number in the attempt, as its taker saw them numbered (in the test's order). */
  private async questionNumbers(session: OnlineSessionsTable): Promise<Map<string, number>> {
    const version = await this.versions.ofAttempt(session);
    return new Map(version.blocks.flatMap((b) => b.questions).map((q, at) => [q.id, at + 1]));
  }
}
