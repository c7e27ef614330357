/** Each question type's answer in a review (the taker's and the right one), one line per type. */
import type { ComponentType } from 'react';
import type { QuestionType } from '../../../contract/question-types/registry.ts';
import { AnswerText } from '../results/AnswerText.tsx';
import { EssayReview } from './essay/EssayReview.tsx';
import { GapsReview } from './gaps/GapsReview.tsx';
import { MatchingReview } from './matching/MatchingReview.tsx';
import { OrderingReview } from './ordering/OrderingReview.tsx';
import type { ReviewProps } from './parts.ts';

/** The types whose answer is options, a text or a number: as the results always showed them. */
const chosen = ({ value, question }: ReviewProps) => <AnswerText value={value} options={question.options} />;

export const REVIEW_PARTS: Record<QuestionType, ComponentType<ReviewProps>> = {
  single: chosen,
  multiple: chosen,
  text: chosen,
  number: chosen,
  matching: MatchingReview,
  ordering: OrderingReview,
  gaps: GapsReview,
  essay: EssayReview,
};
