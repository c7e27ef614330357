/**
 * What a receipt says of a finished attempt, from what is in hand: its row as the finish committed
 * it, its lesson's slug, its assignment's row (null for none) and every answer it stored. One
 * function for the receipt a finish's batch signs and the one a read signs on demand, so that both
 * say the same of the same attempt.
 */
import type { ReceiptBody } from '../../../contract/receipts.ts';
import type { OnlineSessionsTable } from '../../db/schema.ts';
import { type ReviewRow, reviewIn } from '../sessions/review-levels.ts';
import { answersDigest, type StoredAnswerRow } from './receipt-digest.ts';

export interface ReceiptFacts {
  session: OnlineSessionsTable;
  slug: string;
  /** The attempt's assignment's row; null for an attempt of none (or one no longer there). */
  assignment: ReviewRow | null;
  answers: readonly StoredAnswerRow[];
}

export function receiptBody(
  { session, slug, assignment, answers }: ReceiptFacts,
  signedAt: number,
  server: string,
): Omit<ReceiptBody, 'kid'> {
  // The score only where its taker is shown it now, and only once no answer awaits a hand mark;
  // results withheld until the assignment closes (or an assignment gone) name no assignment either.
  let review: ReturnType<typeof reviewIn> | null = null;
  if (session.assignment_id === null || assignment !== null) {
    try {
      review = reviewIn(assignment, 'taker', signedAt);
    } catch {
      review = null;
    }
  }
  const final = review !== null && session.score !== null && Number(session.awaiting_marks) === 0;
  return {
    v: 1,
    server,
    attempt: session.uuid,
    lesson: slug,
    version: Number(session.lesson_version_id),
    assignment: review?.code ?? null,
    started_at: Number(session.started_at),
    deadline: Number(session.deadline),
    finished_at: Number(session.finished_at),
    signed_at: signedAt,
    answers: answersDigest(answers),
    score: final ? Number(session.score) : null,
    max_score: final ? Number(session.max_score) : null,
  };
}
