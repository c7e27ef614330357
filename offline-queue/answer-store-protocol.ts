/**
 * What the page and the answer-writing worker (workers/answer-store-worker.ts) say to each other, and the
 * write itself, shared by the worker and the tests' stand-in for it.
 */
import type { Locale } from '../contract/locale.ts';
import type { AnswerValue } from '../contract/online.ts';
import type { OutboxEntry, ZalikOfflineDb } from './db.ts';
import { queueAnswer } from './outbox.ts';

/** Open the database now, so the first answer does not wait for it. */
export interface OpenRequest {
  type: 'open';
  db: string;
}

export interface AnswerWriteRequest {
  type: 'answer';
  id: number;
  db: string;
  session: string;
  questionId: string;
  value: AnswerValue;
  answeredAt: number;
  /** The taker's interface language, kept with the entry (db.ts). */
  locale?: Locale;
}

export type AnswerStoreMessage = OpenRequest | AnswerWriteRequest;

/**
 * `storedAt`: when the transaction completed, as epoch ms on the high-resolution clock
 * (`performance.timeOrigin + performance.now()`), comparable with the page's own clock.
 */
export type AnswerWriteReply =
  | { id: number; ok: true; entry: OutboxEntry; storedAt: number }
  | { id: number; ok: false; name: string; message: string };

export async function runAnswerWrite(
  dbNamed: (name: string) => ZalikOfflineDb,
  request: AnswerWriteRequest,
): Promise<AnswerWriteReply> {
  try {
    const entry = await queueAnswer(
      dbNamed(request.db),
      request.session,
      request.questionId,
      request.value,
      request.answeredAt,
      request.locale,
    );
    return { id: request.id, ok: true, entry, storedAt: performance.timeOrigin + performance.now() };
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    return { id: request.id, ok: false, name, message };
  }
}
