import type { Results } from '../../../contract/online.ts';

export type ReviewLevel = 'score' | 'answers' | 'full';

/**
 * A taker's results as the assignment's review level says, and no more:
 * - `score`, "the score only": the test's score; no question, and no block's score (a block of one
 *   question would tell how that question went);
 * - `answers`, "the score and their own answers": each question with the taker's answer, but not
 *   marked right or wrong and without its points, the key or the explanation (marks and points,
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
            })),
    })),
  };
}
