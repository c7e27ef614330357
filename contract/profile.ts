/** A signed-in taker's own results: the list, one test, one block's details, and linking a result. */

import { BlockResult, resultSummaryFields, Uuid } from './online.ts';
import { array, type Infer, nullable, number, object, size, string, type } from './structs.ts';

const CompletedTest = type(resultSummaryFields);
export type CompletedTest = Infer<typeof CompletedTest>;
export const CompletedTestList = array(CompletedTest);

const BlockTotal = type({
  id: string(),
  title: string(),
  /** Null where the assignment's rules show the score of the whole test only. */
  score: nullable(number()),
  max_score: number(),
  question_count: number(),
});

export const CompletedTestDetail = type({ ...resultSummaryFields, blocks: array(BlockTotal) });
export type CompletedTestDetail = Infer<typeof CompletedTestDetail>;

/** One block of a finished test with the given and correct answers: the results' block shape. */
export const GroupedDetails = BlockResult;
export type GroupedDetails = Infer<typeof BlockResult>;

export const GroupedDetailsQuery = object({ group_id: size(string(), 1, 40) });
export const LinkTestRequest = object({ item: Uuid, api_token: size(string(), 1, 200) });
export type LinkTestRequest = Infer<typeof LinkTestRequest>;
/** A result now in the caller's account. */
export const LinkedTest = type({ uuid: string(), status: string() });
