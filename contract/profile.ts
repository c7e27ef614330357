/** A signed-in taker's own results: the list, one test, one block's details, and linking a result. */
import { array, type Infer, number, object, size, string, type } from 'superstruct';
import { AudienceStruct } from './catalog.ts';
import { BlockResult, FinishReason, LessonRef, Uuid } from './online.ts';

/** A finished test at a glance: the results without their blocks. */
const summary = {
  uuid: string(),
  lesson: LessonRef,
  role: AudienceStruct,
  started_at: number(),
  finished_at: number(),
  finish_reason: FinishReason,
  score: number(),
  max_score: number(),
  percent: number(),
};

export const CompletedTest = type(summary);
export type CompletedTest = Infer<typeof CompletedTest>;
export const CompletedTestList = array(CompletedTest);

export const BlockTotal = type({
  id: string(),
  title: string(),
  score: number(),
  max_score: number(),
  question_count: number(),
});

export const CompletedTestDetail = type({ ...summary, blocks: array(BlockTotal) });
export type CompletedTestDetail = Infer<typeof CompletedTestDetail>;

/** One block of a finished test with the given and correct answers: the results' block shape. */
export const GroupedDetails = BlockResult;
export type GroupedDetails = Infer<typeof BlockResult>;

export const GroupedDetailsQuery = object({ group_id: size(string(), 1, 40) });
export const LinkTestRequest = object({ item: Uuid, api_token: size(string(), 1, 200) });
export type LinkTestRequest = Infer<typeof LinkTestRequest>;
