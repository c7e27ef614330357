import type { AnswerValue, GivenAnswer } from '../../../contract/index.ts';
import type { AnswerStatus } from './questions/types.ts';

export interface AnswerEntry {
  value: AnswerValue;
  status: Exclude<AnswerStatus, 'unanswered'>;
}
export type AnswerMap = Readonly<Record<string, AnswerEntry>>;

/** Answers the server already holds, as a resumed session reports them. */
export function answersFromSession(given: readonly GivenAnswer[]): AnswerMap {
  const map: Record<string, AnswerEntry> = {};
  for (const answer of given) map[answer.question_id] = { value: answer.value, status: 'saved' };
  return map;
}

/** An empty text or no ticked box is no answer at all. */
export function isAnswered(entry: AnswerEntry | undefined): boolean {
  if (!entry) return false;
  const { value } = entry;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

export function countAnswered(answers: AnswerMap, questionIds?: readonly string[]): number {
  const ids = questionIds ?? Object.keys(answers);
  return ids.filter((id) => isAnswered(answers[id])).length;
}

/** Sets a question's status, unless a newer answer replaced the value it belongs to. */
export function withStatus(
  answers: AnswerMap,
  questionId: string,
  value: AnswerValue,
  status: AnswerEntry['status'],
): AnswerMap {
  const entry = answers[questionId];
  if (!entry || entry.value !== value) return answers;
  return { ...answers, [questionId]: { value, status } };
}
