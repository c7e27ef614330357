/**
 * Every question type Zalik has, one line each: adding a type is its file in this folder (and its
 * parts in the app and the question banks) and its line here.
 */
import type { AnswerValue } from '../answer-value.ts';
import type { Option } from '../lesson-parts.ts';
import { multiple } from './multiple.ts';
import { number } from './number.ts';
import { single } from './single.ts';
import { text } from './text.ts';
import type { QuestionTypeUnit, SeenQuestion, ValueProblem } from './unit.ts';

export const QUESTION_TYPES = { single, multiple, text, number } as const;

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

/** The share of its points an answer earns, 0 to 1: none for no answer or a value it cannot be. */
export function creditOf(question: AnyQuestion, value: AnswerValue | null): number {
  const unit = unitOf(question);
  if (value === null || unit.valueProblem(question, value)) return 0;
  return unit.credit(question, value);
}

/** A choice question's options; undefined for a type whose answer is not option ids. */
export function optionsOf(question: AnyQuestion): readonly Option[] | undefined {
  return unitOf(question).options?.(question);
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
