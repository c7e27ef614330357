/**
 * A finished attempt's score fixed (its finish) or changed (a re-score, a hand mark), told to whoever
 * keeps a record of scores elsewhere (a learning platform's gradebook, server/services/lti). Told
 * inside the transaction that writes the score, so that a change is kept exactly when the score is:
 * none lost if the server stops, none told of a score that was rolled back.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface ScoreChange {
  uuid: string;
  assignment_id: string | null;
  user_id: string | null;
  score: number;
  max_score: number;
  /** Written answers still waiting for the tutor's mark: the score is not final. */
  awaiting_marks: number;
}

export type ScoreChangeKind = 'finish' | 'rescore' | 'mark';

export type ScoreEvents = (
  trx: Kysely<Database>,
  changes: readonly ScoreChange[],
  kind: ScoreChangeKind,
  at: number,
) => Promise<void>;
