import type { AnswerValue } from '../../../contract/index.ts';
import type { AnswerStatus } from './questions/types.ts';

export interface AnswerEntry {
  value: AnswerValue;
  status: Exclude<AnswerStatus, 'unanswered'>;
}
export type AnswerMap = Readonly<Record<string, AnswerEntry>>;

/** An empty text, no ticked box or no pair made is no answer at all. */
function isAnswered(entry: AnswerEntry | undefined): boolean {
  if (!entry) return false;
  const { value } = entry;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  // Pairs (a matching's): answered once one is made.
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

export function countAnswered(answers: AnswerMap, questionIds?: readonly string[]): number {
  const ids = questionIds ?? Object.keys(answers);
  return ids.filter((id) => isAnswered(answers[id])).length;
}
