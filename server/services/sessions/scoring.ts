/**
 * Marks answers against a lesson version. Pure functions: the same answers always give the same
 * score. Each question type marks its own answers (contract/question-types).
 */
import type { Question } from '../../../contract/content.ts';
import type { AnswerValue, GivenAnswer, Locale } from '../../../contract/index.ts';
import { creditOf, unitOf, type ValueProblem } from '../../../contract/question-types/registry.ts';
import type { LessonVersion } from '../catalog/lesson-versions.ts';

export type { ValueProblem };

export function valueProblem(question: Question, value: AnswerValue): ValueProblem | null {
  return unitOf(question).valueProblem(question, value);
}

/** Whether the answer earns all of the question's points. */
export function isCorrect(question: Question, value: AnswerValue | null): boolean {
  return creditOf(question, value) === 1;
}

export function correctAnswer(question: Question, locale: Locale): AnswerValue {
  return unitOf(question).correctAnswer(question, locale);
}

export function roundScore(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The score of the answers that count (the latest per question) against a lesson version. */
export function scoreOf(version: LessonVersion, answers: GivenAnswer[]): { score: number } {
  let score = 0;
  for (const answer of answers) {
    const question = version.questionById.get(answer.question_id);
    if (question) score += question.points * creditOf(question, answer.value);
  }
  return { score };
}
