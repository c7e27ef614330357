/** Marks answers against a lesson version. Pure functions: the same answers always give the same score. */
import type { Question } from '../../../contract/content.ts';
import type { AnswerValue, GivenAnswer, Locale } from '../../../contract/index.ts';
import type { LessonVersion } from '../catalog/lesson-versions.ts';
import { primaryOf } from '../catalog/localize.ts';

/** Trim, fold case and collapse inner spaces, so "  Kyiv " and "kyiv" are the same answer. */
function normalizeText(value: string): string {
  return value.normalize('NFKC').trim().toLocaleLowerCase('und').replace(/\s+/g, ' ');
}

/**
 * A text question's accepted answers in every language, normalized once per question: a version's
 * questions are kept for as long as it is, and a class's results check the same ones thousands of times.
 */
const acceptedSets = new WeakMap<Question, ReadonlySet<string>>();
function acceptedOf(question: Extract<Question, { type: 'text' }>): ReadonlySet<string> {
  let set = acceptedSets.get(question);
  if (!set) {
    set = new Set(Object.values(question.accepted).flatMap((list) => list.map(normalizeText)));
    acceptedSets.set(question, set);
  }
  return set;
}

/** Whether a value has the right shape for the question; the message key for the taker if not. */
export type ValueProblem =
  | 'chooseOneOption'
  | 'noSuchOption'
  | 'sendOptionList'
  | 'optionTwice'
  | 'sendText'
  | 'sendNumber';

export function valueProblem(question: Question, value: AnswerValue): ValueProblem | null {
  switch (question.type) {
    case 'single':
      if (typeof value !== 'string') return 'chooseOneOption';
      return question.options.some((o) => o.id === value) ? null : 'noSuchOption';
    case 'multiple': {
      if (!Array.isArray(value)) return 'sendOptionList';
      if (new Set(value).size !== value.length) return 'optionTwice';
      const ids = new Set(question.options.map((o) => o.id));
      return value.every((v) => ids.has(v)) ? null : 'noSuchOption';
    }
    case 'text':
      return typeof value === 'string' ? null : 'sendText';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'sendNumber';
  }
}

export function isCorrect(question: Question, value: AnswerValue | null): boolean {
  if (value === null || valueProblem(question, value)) return false;
  switch (question.type) {
    case 'single':
      return value === question.correct;
    case 'multiple': {
      const given = value as string[];
      return given.length === question.correct.length && question.correct.every((c) => given.includes(c));
    }
    case 'text': {
      const given = normalizeText(value as string);
      return given !== '' && acceptedOf(question).has(given);
    }
    case 'number':
      // A hair of slack so 0.1 + 0.2 style rounding never costs a point.
      return Math.abs((value as number) - question.correct) <= question.tolerance + 1e-9;
  }
}

export function correctAnswer(question: Question, locale: Locale): AnswerValue {
  switch (question.type) {
    case 'single':
    case 'multiple':
    case 'number':
      return question.correct;
    case 'text':
      return (question.accepted[locale] ?? primaryOf(question.accepted))?.[0] ?? '';
  }
}

export function roundScore(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The score of the answers that count (the latest per question) against a lesson version. */
export function scoreOf(version: LessonVersion, answers: GivenAnswer[]): { score: number } {
  let score = 0;
  for (const answer of answers) {
    const question = version.questionById.get(answer.question_id);
    if (question && isCorrect(question, answer.value)) score += question.points;
  }
  return { score };
}
