import type { Kysely } from 'kysely';
import type { Results } from '../../../contract/online.ts';
import type { AssignmentsTable, Database, OnlineSessionsTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { rulesOf, stateAt } from './assignment-rules.ts';

export type ReviewLevel = 'score' | 'answers' | 'full';

/**
 * A taker's results as the assignment's review level says, and no more:
 * - `score`, "the score only": the test's score; no question, and no block's score (a block of one
 *   question would tell how that question went);
 * - `answers`, "the score and their own answers": each question with the taker's answer, but not
 *   marked right or wrong and without its points, the key, the explanation or a marker's comment
 *   (an essay's "awaiting marking" or "marked" is said) (marks and points,
 *   of a question or of a block, give the key away: with two options a wrong mark names the other);
 * - `full`: everything.
 */
export function resultsAtLevel(full: Results, review: ReviewLevel): Results {
  if (review === 'full') return full;
  return {
    ...full,
    review,
    blocks: full.blocks.map((block) => ({
      ...block,
      score: null,
      questions:
        review === 'score'
          ? []
          : block.questions.map((question) => ({
              ...question,
              score: null,
              correct: null,
              correct_answer: null,
              explanation: null,
              // A marker's comment says how the answer was marked.
              ...(question.comment === undefined ? {} : { comment: null }),
            })),
    })),
  };
}

/** What of an assignment's row says what its takers are shown (reviewOf, a receipt's score). */
export const REVIEW_COLUMNS = ['id', 'code', 'rules', 'opens_at', 'closes_at', 'started_at', 'closed_at'] as const;
export type ReviewRow = Pick<AssignmentsTable, (typeof REVIEW_COLUMNS)[number]>;

/**
 * What the taker of an assigned attempt may see of its results now: once released (at once, or
 * when the assignment closes: a 403 before), at its review level; its tutor always sees everything.
 */
export async function reviewOf(
  db: Kysely<Database>,
  session: Pick<OnlineSessionsTable, 'assignment_id'>,
  viewer: 'taker' | 'tutor',
  now: number,
): Promise<{ review: ReviewLevel; code: string | null }> {
  if (session.assignment_id === null) return { review: 'full', code: null };
  const assignment = await db
    .selectFrom('assignments')
    .select(REVIEW_COLUMNS)
    .where('id', '=', session.assignment_id)
    .executeTakeFirstOrThrow();
  return reviewIn(assignment, viewer, now);
}

/** reviewOf with the assignment's row in hand (null: no assignment), for a batch that read them together. */
export function reviewIn(
  assignment: ReviewRow | null,
  viewer: 'taker' | 'tutor',
  now: number,
): { review: ReviewLevel; code: string | null } {
  if (assignment === null) return { review: 'full', code: null };
  if (viewer === 'tutor') return { review: 'full', code: assignment.code };
  const rules = rulesOf(assignment);
  // Forbidden for now rather than not ready: the attempt is finished, its results are withheld.
  if (rules.release === 'after_close' && stateAt(assignment, rules, now) !== 'closed') {
    throw new HttpError(403, phrase('resultsAfterClose'));
  }
  return { review: rules.review, code: assignment.code };
}
