/** Reads a demo lesson's answer key from content/, so the e2e test knows what is right and wrong. */
import { readFileSync } from 'node:fs';
import type { LessonFile, Question } from '../contract/content.ts';

export function lessonFile(path: string): LessonFile {
  return JSON.parse(readFileSync(path, 'utf8')) as LessonFile;
}

export type Plan = { question: Question; right: boolean };

/** Every other question answered right, starting with the first; returns the score that earns. */
export function planAnswers(lesson: LessonFile): { plan: Plan[]; score: number; max: number } {
  const plan = lesson.blocks.flatMap((b) => b.questions).map((question, i) => ({ question, right: i % 2 === 0 }));
  return {
    plan,
    score: plan.filter((p) => p.right).reduce((s, p) => s + p.question.points, 0),
    max: plan.reduce((s, p) => s + p.question.points, 0),
  };
}
