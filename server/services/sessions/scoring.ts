/**
 * Marks answers against a lesson version. Pure functions: the same answers always give the same
 * score. Each question type marks its own answers (contract/question-types).
 */
import type { Question } from '../../../contract/content.ts';
import type { AnswerValue, GivenAnswer, Locale } from '../../../contract/index.ts';
import {
  awaitsMark,
  creditOf,
  type HandMark,
  questionScore,
  unitOf,
  type ValueProblem,
} from '../../../contract/question-types/registry.ts';
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

export type { HandMark };
/** An attempt's hand marks by question id. */
export type HandMarks = ReadonlyMap<string, HandMark>;
const NO_MARKS: HandMarks = new Map();

/**
 * The score of the answers that count (the latest per question) against a lesson version, with the
 * tutor's marks of hand-marked answers, and how many written answers still await a mark. An attempt
 * outside an assignment (`markable` false) has no tutor to mark it: its essays earn nothing and
 * await nothing.
 */
export function scoreOf(
  version: LessonVersion,
  answers: GivenAnswer[],
  marks: HandMarks = NO_MARKS,
  markable = true,
): { score: number; awaiting: number } {
  let score = 0;
  let awaiting = 0;
  for (const answer of answers) {
    const question = version.questionById.get(answer.question_id);
    if (!question) continue;
    const mark = marks.get(question.id);
    if (markable && awaitsMark(question, answer.value, mark)) awaiting += 1;
    score += questionScore(question, answer.value, mark) ?? 0;
  }
  return { score, awaiting };
}

/** Whether a version holds a hand-marked question: only then are an attempt's marks worth a read. */
export function hasHandMarked(version: LessonVersion): boolean {
  return version.blocks.some((block) => block.questions.some((q) => unitOf(q).handMarked === true));
}
