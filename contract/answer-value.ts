import { FiniteNumber } from './bounds.ts';
import { array, type Infer, size, string, union } from './structs.ts';
import { Line } from './text.ts';

/** What a taker may send as an answer: an option id, option ids, a short text or a number. */
export const AnswerValue = union([
  // A typed answer is one line (the answer box is a single-line input).
  size(Line, 0, 1000),
  size(array(size(string(), 1, 40)), 0, 12),
  FiniteNumber,
]);
export type AnswerValue = Infer<typeof AnswerValue>;
