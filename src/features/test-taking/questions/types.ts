import type { AnswerValue, TakerQuestion } from '../../../../contract/index.ts';

/** Where an answer stands: the mark a taker sees beside each question. */
export type AnswerStatus = 'unanswered' | 'saving' | 'saved' | 'failed';

export interface AnswerInputProps {
  question: TakerQuestion;
  value: AnswerValue | undefined;
  onAnswer: (value: AnswerValue) => void;
}
