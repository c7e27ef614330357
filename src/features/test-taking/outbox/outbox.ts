import type { AnswerValue } from '../../../../contract/online.ts';
import type { FinishCause, OutboxEntry, ZalikOfflineDb } from './db.ts';

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
  };
  await db.transaction('rw', db.outbox, db.attempts, async () => {
    await db.outbox.where('[session+question_id]').equals([session, questionId]).delete();
    entry.seq = await db.outbox.add(entry);
    await db.attempts.update(session, (attempt) => {
      attempt.answers[questionId] = value;
    });
  });
  return entry;
}

/** Queues the finish after every answer queued so far; a second finish of the session is a no-op. */
export async function queueFinish(db: ZalikOfflineDb, session: string, reason: FinishCause, at: number): Promise<void> {
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
