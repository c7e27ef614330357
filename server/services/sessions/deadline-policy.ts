/**
 * When a session takes answers. The server sets the deadline at the start. Until `answerGraceMs`
 * after it any answer is taken (network delay); until `offlineGraceMs` after it only answers made
 * before the deadline (an offline device coming back), and then the session closes by itself. An
 * answer time more than `FUTURE_SLACK_MS` ahead of the server is made up.
 */
import type { OnlineSessionsTable } from '../../db/schema.ts';

/** Clocks differ a little even after correction; beyond this an answer time is made up. */
export const FUTURE_SLACK_MS = 5 * 60 * 1000;

export interface Graces {
  answerGraceMs: number;
  offlineGraceMs: number;
}

type Deadline = Pick<OnlineSessionsTable, 'deadline'>;

/** When the session closes by itself: nothing can arrive any more. */
export function closesAt(session: Deadline, graces: Graces): number {
  return session.deadline + graces.offlineGraceMs;
}

/** Until then any answer is taken; after it, only answers made before the deadline (offline ones). */
export function answersCloseAt(session: Deadline, graces: Graces): number {
  return session.deadline + graces.answerGraceMs;
}

/** Why an answer made at `answeredAt` cannot be taken at `now`, as a message key, or null when it can. */
export function answerRefusal(
  session: Pick<OnlineSessionsTable, 'deadline' | 'status'>,
  answeredAt: number,
  now: number,
  graces: Graces,
): 'finishedNotSaved' | 'timeUp' | null {
  if (session.status === 'finished' || now > closesAt(session, graces)) return 'finishedNotSaved';
  if (now > answersCloseAt(session, graces) && answeredAt > session.deadline) return 'timeUp';
  return null;
}
