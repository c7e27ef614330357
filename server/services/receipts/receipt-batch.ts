/**
 * The receipts of the attempts a finish commit closed, signed off the finish's request and stored
 * together. The finish has in hand all a receipt says (the row as committed, every answer it
 * read under its lock), so a batch reads nothing per attempt: the key is held in memory
 * (receipt-keys.ts), the lessons' slugs too (the sessions' headings), its attempts' assignments
 * are one read when it has any, and its receipts are one statement. At a class's deadline that is
 * a few commits for the whole class, none of them on the path its finishes wait on. A receipt asked for while its batch is under way waits for it; one
 * whose batch failed is signed when first asked for (Receipts.of), and one another machine stored
 * first stays (the first stored wins, everywhere).
 */
import type { Kysely } from 'kysely';
import type { Receipt, SignedReceipt } from '../../../contract/receipts.ts';
import type { Database } from '../../db/schema.ts';
import { CommitBatches } from '../sessions/commit-batches.ts';
import type { FinishedAttempt } from '../sessions/finish-answers.ts';
import { padded } from '../sessions/padded.ts';
import { REVIEW_COLUMNS, type ReviewRow } from '../sessions/review-levels.ts';
import { receiptBody } from './receipt-body.ts';
import { receiptCode, signReceipt } from './receipt-digest.ts';
import type { ReceiptKeys } from './receipt-keys.ts';

/** Receipts signed in one turn of the event loop. */
const SIGNED_A_TURN = 32;

interface Waiting {
  attempt: FinishedAttempt;
  settle: (signed: SignedReceipt | null) => void;
}

export interface ReceiptBatchOptions {
  now: () => number;
  /** The PUBLIC_URL the receipts name. */
  server: string;
  /** A lesson's slug, from memory when it can (the sessions' LessonHeadings). */
  slugOf: (lessonId: number) => Promise<string>;
}

export class ReceiptBatch {
  /** One batch at a time: the finishes of a deadline that arrive meanwhile share the next. */
  private readonly batches = new CommitBatches<Waiting>((batch) => this.write(batch), 1);
  private readonly pending = new Map<string, Promise<SignedReceipt | null>>();
  /** Batches that failed as a whole (then stored one by one, or signed when first asked for). */
  failed = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly keys: ReceiptKeys,
    private readonly options: ReceiptBatchOptions,
  ) {}

  /** Signs and stores the receipts of `attempts` soon, together with those of the finishes about them. */
  take(attempts: readonly FinishedAttempt[]): void {
    for (const attempt of attempts) {
      const uuid = attempt.row.uuid;
      if (this.pending.has(uuid)) continue;
      let settle: (signed: SignedReceipt | null) => void = () => {};
      this.pending.set(
        uuid,
        new Promise((resolve) => {
          settle = resolve;
        }),
      );
      this.batches.push({
        attempt,
        settle: (signed) => {
          this.pending.delete(uuid);
          settle(signed);
        },
      });
    }
  }

  /** The receipt being signed here for `uuid`, as stored (null should its batch fail); undefined when none is. */
  signing(uuid: string): Promise<SignedReceipt | null> | undefined {
    return this.pending.get(uuid);
  }

  /** Receipts queued or being signed and stored. */
  get underWay(): number {
    return this.pending.size;
  }

  /**
   * Resolves once every receipt taken so far, and any taken meanwhile, is stored (or its batch
   * failed): a stop waits for this before the database closes, so that no finished attempt is left
   * to be signed only when a device asks.
   */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending.values());
  }

  private async write(batch: Waiting[]): Promise<void> {
    let stored = new Map<string, SignedReceipt>();
    try {
      const receipts = await this.signAll(batch.map((w) => w.attempt));
      try {
        stored = await this.store(receipts);
      } catch {
        // One bad row (an attempt removed meanwhile) must not fail its neighbours: one by one instead.
        this.failed += 1;
        const alone = await Promise.all(receipts.map((receipt) => this.store([receipt]).catch(() => new Map())));
        stored = new Map(alone.flatMap((one) => [...one]));
      }
    } catch {
      this.failed += 1;
    }
    for (const w of batch) w.settle(stored.get(w.attempt.row.uuid) ?? null);
  }

  private async signAll(attempts: FinishedAttempt[]): Promise<Receipt[]> {
    const { kid, key } = await this.keys.signing();
    const lessons = [...new Set(attempts.map(({ row }) => row.lesson_id))];
    const slugs = new Map(await Promise.all(lessons.map(async (id) => [id, await this.options.slugOf(id)] as const)));
    const assignments = await this.assignmentsOf(attempts);
    const now = this.options.now();
    const receipts: Receipt[] = [];
    for (const [at, { row, answers }] of attempts.entries()) {
      // A signature is some 50 µs of the event loop's: a class's batch signs a slice at a time, so
      // that the finishes and answers arriving meanwhile are not held behind all of it.
      if (at > 0 && at % SIGNED_A_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      const assignment = row.assignment_id === null ? null : (assignments.get(row.assignment_id) ?? null);
      const facts = { session: row, slug: slugs.get(row.lesson_id) as string, assignment, answers };
      receipts.push(signReceipt({ ...receiptBody(facts, now, this.options.server), kid }, key));
    }
    return receipts;
  }

  /** Stores `receipts` in one go; answers with each attempt's receipt as stored (the first stored wins). */
  private async store(receipts: Receipt[]): Promise<Map<string, SignedReceipt>> {
    const rows = receipts.map((r) => ({ session_uuid: r.attempt, receipt: JSON.stringify(r), signed_at: r.signed_at }));
    const inserted = await this.insert(rows);
    const signed = new Map<string, SignedReceipt>();
    for (const receipt of receipts)
      if (inserted.has(receipt.attempt)) signed.set(receipt.attempt, { receipt, code: receiptCode(receipt) });
    // Signed first elsewhere (another machine's read of it): the one stored first is the receipt.
    const elsewhere = receipts.filter((r) => !inserted.has(r.attempt)).map((r) => r.attempt);
    if (elsewhere.length > 0) {
      const kept = await this.db
        .selectFrom('receipts')
        .select(['session_uuid', 'receipt'])
        .where('session_uuid', 'in', elsewhere)
        .execute();
      for (const row of kept) {
        const receipt = JSON.parse(row.receipt) as Receipt;
        signed.set(row.session_uuid, { receipt, code: receiptCode(receipt) });
      }
    }
    return signed;
  }

  /** Stores the receipts no receipt of their attempt came before; says which it stored. */
  private async insert(rows: { session_uuid: string; receipt: string; signed_at: number }[]): Promise<Set<string>> {
    // One statement, its rows padded to a power of two by repeating the last (a repeat does
    // nothing), so that its text is one of a few, each prepared once (db/prepared-statements.ts).
    const stored = await this.db
      .insertInto('receipts')
      .values(padded(rows))
      .onConflict((oc) => oc.column('session_uuid').doNothing())
      .returning('session_uuid')
      .execute();
    return new Set(stored.map((row) => row.session_uuid));
  }

  /** The rows of the batch's assignments that say what their takers are shown: one read, or none. */
  private async assignmentsOf(attempts: FinishedAttempt[]): Promise<Map<string, ReviewRow>> {
    const ids = [...new Set(attempts.flatMap(({ row }) => (row.assignment_id === null ? [] : [row.assignment_id])))];
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('assignments').select(REVIEW_COLUMNS).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row]));
  }
}
