import { FiniteNumber } from './bounds.ts';
import { ESSAY_CHARACTERS } from './essay-size.ts';
import { array, type Infer, record, refine, size, string, union } from './structs.ts';
import { Line, textProblem } from './text.ts';

/** The most parts one answer may name: matching's prompts, ordering's items, a text's gaps. */
export const ANSWER_PARTS = 20;

const Id = size(string(), 1, 40);
/** What one part of an answer holds: an option's id, a typed text or a number. */
const PartValue = union([size(Line, 0, 1000), FiniteNumber]);

/**
 * What a taker may send as an answer: an option id or a short text; option ids (in the order given,
 * which is the answer for an ordering); a number; an essay's text over lines; or its parts by their ids (a matching's prompt →
 * its chosen answer). Each type checks the shape it takes (contract/question-types).
 */
export const AnswerValue = union([
  // A typed answer is one line (the answer box is a single-line input).
  size(Line, 0, 1000),
  // Parts before the branches that print what they refuse: superstruct prints a value with its own
  // `toString`, which an object such as {"toString": 0} makes throw.
  refine(
    record(Id, PartValue),
    'parts',
    (parts) => Object.keys(parts).length <= ANSWER_PARTS || `at most ${ANSWER_PARTS} parts`,
  ),
  size(array(Id), 0, ANSWER_PARTS),
  FiniteNumber,
  // An essay: text over lines (the server's text rule refuses control characters in every string).
  size(string(), 0, ESSAY_CHARACTERS),
]);
export type AnswerValue = Infer<typeof AnswerValue>;

/** Whether a value is parts (`{ id: … }`), the shape of a matching's and a gaps question's answers. */
export const isPartsValue = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a value is a one-line typed answer (a short text's), not an essay's text over lines. */
export const isLineValue = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 1000 && textProblem(value, false) === null;
