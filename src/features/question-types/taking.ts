/** Each question type's answer input, one line per type: loaded with the test, never with the editor. */
import type { ComponentType } from 'react';
import type { QuestionType } from '../../../contract/question-types/registry.ts';
import { EssayAnswer } from './essay/EssayAnswer.tsx';
import { GapsAnswer } from './gaps/GapsAnswer.tsx';
import { MatchingAnswer } from './matching/MatchingAnswer.tsx';
import { MultipleChoice } from './multiple/MultipleChoice.tsx';
import { NumberAnswer } from './number/NumberAnswer.tsx';
import { OrderingAnswer } from './ordering/OrderingAnswer.tsx';
import type { AnswerInputProps } from './parts.ts';
import { SingleChoice } from './single/SingleChoice.tsx';
import { TextAnswer } from './text/TextAnswer.tsx';

export const TAKING_PARTS: Record<QuestionType, ComponentType<AnswerInputProps>> = {
  single: SingleChoice,
  multiple: MultipleChoice,
  text: TextAnswer,
  number: NumberAnswer,
  matching: MatchingAnswer,
  ordering: OrderingAnswer,
  gaps: GapsAnswer,
  essay: EssayAnswer,
};
