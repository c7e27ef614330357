/**
 * What a question type is, in the contract: its question's shape (with its key) and its marking.
 * Each type is one file of this folder and one line of registry.ts; nothing else names a type.
 */

import type { AnswerValue } from '../answer-value.ts';
import type { Option } from '../lesson-parts.ts';
import type { Locale } from '../locale.ts';
import type { Struct } from '../structs.ts';

/** Why a value cannot be an answer to a question: the key of the message its taker is shown. */
export type ValueProblem =
  | 'chooseOneOption'
  | 'noSuchOption'
  | 'sendOptionList'
  | 'optionTwice'
  | 'sendText'
  | 'sendNumber';

/** What a lesson file's question may get wrong beyond its shape: the key of the message said. */
export type QuestionFileProblem = 'duplicateId' | 'correctNotAnOption' | 'correctTwice';

/** The checks of a lesson file that a type's own rules use, each at a field below its question. */
export interface QuestionFileChecks {
  problem(field: string, key: QuestionFileProblem): void;
  /** A text that must be in each of the lesson's languages, and only in those. */
  localized(text: Partial<Record<Locale, unknown>>, field: string): void;
}

/** A question as its taker sees it, without its key: what an answer can be made from. */
export interface SeenQuestion {
  type: string;
  options?: readonly { id: string }[];
}

export interface QuestionTypeUnit<Q extends { type: string; points: number }> {
  readonly name: Q['type'];
  /** A question of this type as a lesson file holds it. */
  readonly struct: Struct<Q, unknown>;
  /** null when the value has this type's shape and names only what the question holds. */
  valueProblem(question: Q, value: AnswerValue): ValueProblem | null;
  /**
   * The share of the question's points an answer without a value problem earns, from 0 to 1. One
   * function for scoring, re-scoring, the preview's review and the analysis.
   */
  credit(question: Q, value: AnswerValue): number;
  /** The rules of its question that span fields (the lesson's languages, ids used once, keys among options). */
  fileProblems?(question: Q, check: QuestionFileChecks): void;
  /** The options a taker chooses among, for a type whose answer is option ids. */
  options?(question: Q): readonly Option[];
  /**
   * An answer of the right shape, right or not, to the question as its taker sees it: what load
   * generators and checks send. `random` (0 to 1) picks among what it could be.
   */
  sample(seen: SeenQuestion, random: () => number): AnswerValue;
  /** The right answer as a review shows it; in `locale` where the accepted answers differ by language. */
  correctAnswer(question: Q, locale: Locale): AnswerValue;
}

/** A unit with its question type checked against the interface, kept exact for the registry. */
export const questionType = <Q extends { type: string; points: number }>(unit: QuestionTypeUnit<Q>) => unit;
