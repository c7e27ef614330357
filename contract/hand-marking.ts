/**
 * Marking by hand (essays): the tutor's marking sheet of an assignment, and one mark. A mark is
 * points (partial allowed, up to the question's) and an optional comment; changing it is marking
 * again, and each change is in the assignment's change log.
 */
import { Key, LESSON_LIMITS } from './lesson-parts.ts';
import { Uuid } from './online.ts';
import {
  array,
  between,
  boolean,
  enums,
  type Infer,
  integer,
  nullable,
  number,
  object,
  optional,
  size,
  string,
  type,
} from './structs.ts';

/** The longest marker's comment. */
export const MARK_COMMENT_LENGTH = 4000;

/** `anonymous=1`: takers' names are left out until their answer is marked. */
export const MarkingQuery = object({ anonymous: optional(enums(['0', '1'])) });

/** One hand-marked question of the assignment's test, in the test's order. */
export const MarkingQuestion = type({
  id: string(),
  text: string(),
  points: number(),
  min_words: optional(integer()),
  max_words: optional(integer()),
});

/** A mark as given. */
export const GivenMark = type({ points: number(), comment: nullable(string()), marked_at: number() });

/** One written answer to mark. */
export const MarkingAnswer = type({
  session: Uuid,
  question: string(),
  /** The taker's name; null while hidden (anonymous marking, not yet marked). */
  name: nullable(string()),
  /** 1-based: the taker's number on this sheet, the same for all their answers, unrelated to any list's order. */
  taker: integer(),
  text: string(),
  words: integer(),
  mark: nullable(GivenMark),
});
export type MarkingAnswer = Infer<typeof MarkingAnswer>;

export const MarkingSheet = type({
  questions: array(MarkingQuestion),
  answers: array(MarkingAnswer),
  anonymous: boolean(),
});
export type MarkingSheet = Infer<typeof MarkingSheet>;

export const MarkParams = object({ id: Uuid, session: Uuid, question: Key });

export const MarkRequest = object({
  points: between(number(), 0, LESSON_LIMITS.maxPoints, `must be 0 to ${LESSON_LIMITS.maxPoints}`),
  comment: optional(nullable(size(string(), 0, MARK_COMMENT_LENGTH))),
});
export type MarkRequest = Infer<typeof MarkRequest>;

/** A mark stored, with the attempt's score and how many of its answers still await a mark. */
export const MarkReceipt = type({
  session: Uuid,
  question: string(),
  mark: GivenMark,
  score: number(),
  awaiting_marks: integer(),
});
export type MarkReceipt = Infer<typeof MarkReceipt>;
