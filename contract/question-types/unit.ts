/**
 * What a question type is, in the contract: its question's shape (with its key) and its marking.
 * Each type is one file of this folder and one line of registry.ts; nothing else names a type.
 */

import type { AnswerValue } from '../answer-value.ts';
import type { LocalizedText, Option } from '../lesson-parts.ts';
import type { Locale } from '../locale.ts';
import type { Struct } from '../structs.ts';

/** Why a value cannot be an answer to a question: the key of the message its taker is shown. */
export type ValueProblem =
  | 'chooseOneOption'
  | 'noSuchOption'
  | 'sendOptionList'
  | 'optionTwice'
  | 'sendText'
  | 'sendNumber'
  | 'sendMatches'
  | 'noSuchPrompt'
  | 'sendOrder'
  | 'orderEveryItem'
  | 'sendGaps'
  | 'noSuchGap'
  | 'gapOfOtherKind'
  | 'sendEssay';

/** What a lesson file's question may get wrong beyond its shape: the key of the message said. */
export type QuestionFileProblem =
  | 'duplicateId'
  | 'correctNotAnOption'
  | 'correctTwice'
  | 'promptWithoutMatch'
  | 'matchNotAPrompt'
  | 'gapMarkers'
  | 'wordLimits';

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
  prompts?: readonly { id: string }[];
  /** A passage's gaps: each one's kind, and a drop-down's options. */
  gaps?: readonly { id: string; kind: 'text' | 'number' | 'choice'; options?: readonly { id: string }[] }[];
}

/**
 * How a type's options reach its taker: in the author's order unless the assignment shuffles them;
 * `shuffled`, always shuffled (their order would give the key away); `unsolved`, shuffled and never
 * already in a full-credit order (the options are what the taker puts in order).
 */
export type OptionOrder = 'author' | 'shuffled' | 'unsolved';

/** A question's options and prompts as one reader sees them: their texts in one language. */
export interface ShownParts {
  options?: readonly { id: string; text: string }[];
  prompts?: readonly { id: string; text: string }[];
  gaps?: readonly { id: string; options?: readonly { id: string; text: string }[] }[];
}

/** A question's texts in one language, and an option as its taker gets it (the server's presenter). */
export interface Presenting {
  text(text: LocalizedText): string;
  option(option: Option): { id: string; text: string; image?: { url: string; alt: string } };
}

export interface QuestionTypeUnit<Q extends { type: string; points: number }> {
  readonly name: Q['type'];
  /** A question of this type as a lesson file holds it. */
  readonly struct: Struct<Q, unknown>;
  /**
   * Marked by a person, not by `credit` (an essay): an answer written to it waits for the tutor's mark,
   * and its points are that mark (registry.ts `questionScore`).
   */
  readonly handMarked?: true;
  /** null when the value has this type's shape and names only what the question holds. */
  valueProblem(question: Q, value: AnswerValue): ValueProblem | null;
  /**
   * The share of the question's points an answer without a value problem earns, from 0 to 1. One
   * function for scoring, re-scoring, the preview's review and the analysis.
   */
  credit(question: Q, value: AnswerValue): number;
  /** The rules of its question that span fields (the lesson's languages, ids used once, keys among options). */
  fileProblems?(question: Q, check: QuestionFileChecks): void;
  /** The options a taker chooses among (or orders), for a type whose answer is made of option ids. */
  options?(question: Q): readonly Option[];
  /** The options an answer picked, for the analysis' count of each option's takers; absent where options are not picked (an ordering's). */
  picked?(question: Q, value: AnswerValue): readonly string[];
  /**
   * The credit (0 to 1) an answer earns on each part of a question with parts (a matching's pairs, by
   * prompt id): the analysis gives each part its own facility. Absent for a type marked whole.
   */
  partCredits?(question: Q, value: AnswerValue): Readonly<Record<string, number>>;
  /** The parts `partCredits` names, with their texts (a matching's prompts). */
  parts?(question: Q): readonly Option[];
  /** What each option is matched to, for a type whose answer pairs prompts with options. */
  prompts?(question: Q): readonly Option[];
  /** What its taker is shown beyond its text, options and prompts (a passage and its gaps), never its key. */
  shown?(question: Q, present: Presenting): Record<string, unknown>;
  /** How the options are laid out for the taker; `author` when absent. */
  readonly optionOrder?: OptionOrder;
  /**
   * An answer of the right shape, right or not, to the question as its taker sees it: what load
   * generators and checks send. `random` (0 to 1) picks among what it could be.
   */
  sample(seen: SeenQuestion, random: () => number): AnswerValue;
  /** An answer of this type's shape as a line people read (answers CSV): option texts, not ids. */
  readable(shown: ShownParts, value: AnswerValue): string;
  /** The right answer as a review shows it; in `locale` where the accepted answers differ by language. */
  correctAnswer(question: Q, locale: Locale): AnswerValue;
}

/** A unit with its question type checked against the interface, kept exact for the registry. */
export const questionType = <Q extends { type: string; points: number }>(unit: QuestionTypeUnit<Q>) => unit;
