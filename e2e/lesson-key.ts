/** Reads a demo lesson's answer key from content/, so the e2e test knows what is right and wrong. */
import { readFileSync } from 'node:fs';
import type { LessonFile, Question } from '../contract/content.ts';
import type { Locale } from '../contract/locale.ts';

/**
 * A lesson file of the demo content: every text written in all four languages (a lesson file may
 * list fewer, and its type says each language may be absent).
 */
type AllFour<T> = T extends string | number | boolean | undefined
  ? T
  : T extends readonly (infer U)[]
    ? AllFour<U>[]
    : [keyof T] extends [Locale]
      ? { [L in Locale]-?: AllFour<NonNullable<T[L & keyof T]>> }
      : { [K in keyof T]: AllFour<T[K]> };

export type DemoLesson = AllFour<LessonFile>;
export type DemoQuestion = AllFour<Question>;

export function lessonFile(path: string): DemoLesson {
  return JSON.parse(readFileSync(path, 'utf8')) as DemoLesson;
}

export type Plan = { question: DemoQuestion; right: boolean };

/** Every other question answered right, starting with the first; returns the score that earns. */
export function planAnswers(lesson: DemoLesson): { plan: Plan[]; score: number; max: number } {
  const plan = lesson.blocks.flatMap((b) => b.questions).map((question, i) => ({ question, right: i % 2 === 0 }));
  return {
    plan,
    score: plan.filter((p) => p.right).reduce((s, p) => s + p.question.points, 0),
    max: plan.reduce((s, p) => s + p.question.points, 0),
  };
}
