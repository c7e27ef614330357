import type { Locale } from '../contract/locale.ts';
import type { AnswerValue } from '../contract/online.ts';
import type { FinishCause, OutboxEntry, ZalikOfflineDb } from './db.ts';

/** Per question: the seq of the entry this connection stored last, and how many writes are on their way. */
interface QuestionWrites {
  seq: number | undefined;
  writing: number;
}
const questionWrites = new WeakMap<ZalikOfflineDb, Map<string, QuestionWrites>>();
function writesOf(db: ZalikOfflineDb, key: string): QuestionWrites {
  let byKey = questionWrites.get(db);
  if (!byKey) {
    byKey = new Map();
    questionWrites.set(db, byKey);
  }
  let writes = byKey.get(key);
  if (!writes) {
    writes = { seq: undefined, writing: 0 };
    byKey.set(key, writes);
  }
  return writes;
}

/**
 * Stores an answer locally, before anything goes on the network. One transaction: the outbox entry
 * and the attempt's shown answer change together. A newer answer to the same question replaces the
 * waiting one (queued or refused), so the server never gets an older value after a newer one.
 */
export async function queueAnswer(
  db: ZalikOfflineDb,
  session: string,
  questionId: string,
  value: AnswerValue,
  answeredAt: number,
  locale?: Locale,
): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    session,
    kind: 'answer',
    answer_id: crypto.randomUUID(),
    question_id: questionId,
    value,
    answered_at: Math.round(answeredAt),
    reason: null,
    state: 'queued',
    refusal: null,
    ...(locale ? { locale } : {}),
  };
  const writes = writesOf(db, `${session}\n${questionId}`);
  // The entry stored last for the question, when nothing else for it is on its way: one keyed delete,
  // sent together with the add (IndexedDB runs a transaction's requests in order). Otherwise (after a
  // reload, or while an earlier answer to it is still being stored) a lookup, which runs after the
  // transactions before it and so finds whatever they left.
  const previous = writes.writing === 0 ? writes.seq : undefined;
  writes.writing += 1;
  try {
    await storeAnswer(db, entry, value, previous);
    writes.seq = entry.seq;
  } finally {
    writes.writing -= 1;
  }
  return entry;
}

async function storeAnswer(db: ZalikOfflineDb, entry: OutboxEntry, value: AnswerValue, previous: number | undefined) {
  const { session, question_id: questionId } = entry;
  await db.transaction('rw', db.outbox, db.answers, async (tx) => {
    if (previous === undefined) await db.outbox.where('[session+question_id]').equals([session, questionId]).delete();
    const stored = Promise.all([
      previous === undefined ? undefined : db.outbox.delete(previous),
      db.outbox.add(entry),
      db.answers.put({ session, question_id: questionId, value }),
    ]);
    // Every request is made: the browser may commit without waiting for their results to come back
    // here first (absent before Safari 15, where the transaction commits on its own as before).
    (tx.idbtrans as Partial<Pick<IDBTransaction, 'commit'>>).commit?.();
    const [, seq] = await stored;
    entry.seq = seq;
  });
}

/** Queues the finish after every answer queued so far; a second finish of the session is a no-op. */
export async function queueFinish(
  db: ZalikOfflineDb,
  session: string,
  reason: FinishCause,
  at: number,
  locale?: Locale,
): Promise<void> {
  await db.transaction('rw', db.outbox, db.attempts, async () => {
    const attempt = await db.attempts.get(session);
    if (attempt && attempt.phase !== 'running') return;
    const queued = await db.outbox
      .where('session')
      .equals(session)
      .filter((entry) => entry.kind === 'finish' && entry.state === 'queued')
      .count();
    if (queued === 0) {
      await db.outbox.add({
        session,
        kind: 'finish',
        answer_id: crypto.randomUUID(),
        question_id: '',
        value: null,
        answered_at: Math.round(at),
        reason,
        state: 'queued',
        refusal: null,
        ...(locale ? { locale } : {}),
      });
    }
    await db.attempts.update(session, { phase: 'finishing', finishReason: reason });
  });
}

/** The session's entries in sending order. */
export function entriesOf(db: ZalikOfflineDb, session: string): Promise<OutboxEntry[]> {
  return db.outbox.where('session').equals(session).sortBy('seq');
}

export async function waitingCount(db: ZalikOfflineDb, session?: string): Promise<number> {
  const all = session === undefined ? db.outbox.toCollection() : db.outbox.where('session').equals(session);
  return all.filter((entry) => entry.state === 'queued').count();
}
