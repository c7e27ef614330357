/**
 * Every question type Zalik has, one line each: adding a type is its file in this folder (and its
 * parts in the app and the question banks) and its line here.
 */
import type { AnswerValue } from '../answer-value.ts';
import type { Option } from '../lesson-parts.ts';
import { essay, isWritten } from './essay.ts';
import { gaps } from './gaps.ts';
import { matching } from './matching.ts';
import { multiple } from './multiple.ts';
import { number } from './number.ts';
import { ordering } from './ordering.ts';
import { single } from './single.ts';
import { text } from './text.ts';
import type { OptionOrder, Presenting, QuestionTypeUnit, SeenQuestion, ShownParts, ValueProblem } from './unit.ts';

export const QUESTION_TYPES = { single, multiple, text, number, matching, ordering, gaps, essay } as const;

type Units = typeof QUESTION_TYPES;
export type QuestionType = keyof Units;
export type QuestionOf<N extends QuestionType> = Units[N] extends QuestionTypeUnit<infer Q> ? Q : never;
export type AnyQuestion = { [N in QuestionType]: QuestionOf<N> }[QuestionType];
export type { ValueProblem };

export const QUESTION_TYPE_NAMES = Object.keys(QUESTION_TYPES) as QuestionType[];
export const QUESTION_TYPE_LIST = Object.values(QUESTION_TYPES) as QuestionTypeUnit<AnyQuestion>[];

/** The unit of a question's type. */
export function unitOf<Q extends AnyQuestion>(question: Q): QuestionTypeUnit<Q> {
  return QUESTION_TYPES[question.type] as unknown as QuestionTypeUnit<Q>;
}

/** A tutor's mark of a hand-marked answer: its points (never above the question's) and a comment. */
export interface HandMark {
  points: number;
  comment: string | null;
}

/** Whether a question's answers are marked by a person (unit.ts `handMarked`). */
export function isHandMarked(question: AnyQuestion): boolean {
  return unitOf(question).handMarked === true;
}

/** Whether an answer waits for a person to mark it: written to a hand-marked question, not yet marked. */
export function awaitsMark(question: AnyQuestion, value: AnswerValue | null, mark: HandMark | undefined): boolean {
  return isHandMarked(question) && mark === undefined && questionScore(question, value) === null;
}

/**
 * The points an answer earns: the type's credit of the question's points, or for a hand-marked type
 * the tutor's mark (at most the question's points, should a key fix have lowered them); null while a
 * written answer awaits its mark. An empty answer to a hand-marked question earns 0 at once.
 */
export function questionScore(question: AnyQuestion, value: AnswerValue | null, mark?: HandMark): number | null {
  if (!isHandMarked(question)) return question.points * creditOf(question, value);
  if (!isWritten(value) || unitOf(question).valueProblem(question, value)) return 0;
  return mark === undefined ? null : Math.min(Math.max(mark.points, 0), question.points);
}

/** The share of its points an answer earns, 0 to 1: none for no answer or a value it cannot be. */
export function creditOf(question: AnyQuestion, value: AnswerValue | null): number {
  const unit = unitOf(question);
  if (value === null || unit.valueProblem(question, value)) return 0;
  return unit.credit(question, value);
}

/** A question's options (a matching's answers, an ordering's items); undefined for a type without. */
export function optionsOf(question: AnyQuestion): readonly Option[] | undefined {
  return unitOf(question).options?.(question);
}

/** The options an answer picked (none for no answer, a value it cannot be, or a type that picks none). */
export function pickedOf(question: AnyQuestion, value: AnswerValue | null): readonly string[] {
  const unit = unitOf(question);
  if (value === null || !unit.picked || unit.valueProblem(question, value)) return [];
  return unit.picked(question, value);
}

/** An answer as a line people read, from the question's parts as they see them (null: no answer). */
export function readableAnswer(question: AnyQuestion, shown: ShownParts, value: AnswerValue | null): string | null {
  if (value === null) return null;
  const unit = unitOf(question);
  // A value the type cannot take (stored before a key fix changed the options) is shown as it came.
  return unit.valueProblem(question, value) ? JSON.stringify(value) : unit.readable(shown, value);
}

/** Each part's credit where the type marks parts (none for no answer or a value it cannot be: all 0). */
export function partCreditsOf(
  question: AnyQuestion,
  value: AnswerValue | null,
): Readonly<Record<string, number>> | null {
  const unit = unitOf(question);
  if (!unit.partCredits || !unit.parts) return null;
  if (value === null || unit.valueProblem(question, value))
    return Object.fromEntries(unit.parts(question).map((p) => [p.id, 0]));
  return unit.partCredits(question, value);
}

/** The parts of a question marked part by part (a matching's prompts); undefined for a type marked whole. */
export function partsOf(question: AnyQuestion): readonly Option[] | undefined {
  return unitOf(question).parts?.(question);
}

/** What a question's taker is shown beyond its text, options and prompts (unit.ts `shown`). */
export function shownOf(question: AnyQuestion, present: Presenting): Record<string, unknown> {
  return unitOf(question).shown?.(question, present) ?? {};
}

/** A matching's prompts; undefined for a type without. */
export function promptsOf(question: AnyQuestion): readonly Option[] | undefined {
  return unitOf(question).prompts?.(question);
}

/** How a question's options are laid out for its taker (unit.ts). */
export function optionOrderOf(question: AnyQuestion): OptionOrder {
  return unitOf(question).optionOrder ?? 'author';
}

/** An answer of the right shape to a question as its taker sees it (its type only a name there). */
export function sampleAnswer(seen: SeenQuestion, random: () => number = Math.random): AnswerValue {
  // Own keys only: a name such as `toString` is no type.
  if (!Object.hasOwn(QUESTION_TYPES, seen.type)) throw new Error(`No question type ${seen.type}`);
  return (QUESTION_TYPES as Record<string, QuestionTypeUnit<AnyQuestion>>)[seen.type]?.sample(
    seen,
    random,
  ) as AnswerValue;
}
