/** A number: all the points within the question's tolerance of the right one. */
import { FiniteNumber } from '../bounds.ts';
import { questionCommon, Tolerance } from '../lesson-parts.ts';
import { type Infer, literal, object } from '../structs.ts';
import { questionType } from './unit.ts';

const NumberQuestion = object({
  ...questionCommon,
  type: literal('number'),
  correct: FiniteNumber,
  tolerance: Tolerance,
});
export type NumberQuestion = Infer<typeof NumberQuestion>;

/** A number within `tolerance` of the right one, with a hair of slack so 0.1 + 0.2 style rounding never costs a point. */
export const withinTolerance = (value: number, correct: number, tolerance: number) =>
  Math.abs(value - correct) <= tolerance + 1e-9;

export const number = questionType<NumberQuestion>({
  name: 'number',
  struct: NumberQuestion,
  valueProblem: (_question, value) => (typeof value === 'number' && Number.isFinite(value) ? null : 'sendNumber'),
  credit: (question, value) => (withinTolerance(value as number, question.correct, question.tolerance) ? 1 : 0),
  sample: (_seen, random) => Math.round(random() * 100),
  readable: (_shown, value) => String(value),
  correctAnswer: (question) => question.correct,
});
