import { useLingui } from '@lingui/react/macro';
import { memo, useCallback, useEffect, useRef } from 'react';
import type { AnswerValue, TakerBlock } from '../../../contract/index.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import type { AnswerMap } from './answer-state.ts';
import { QuestionField, type QuestionFieldProps } from './questions/QuestionField.tsx';

export function BlockView({
  block,
  position,
  count,
  firstNumber,
  answers,
  disabled,
  focusOnShow,
  onAnswer,
}: {
  block: TakerBlock;
  position: number;
  count: number;
  /** Questions are numbered through the whole test. */
  firstNumber: number;
  answers: AnswerMap;
  disabled: boolean;
  focusOnShow: boolean;
  onAnswer: (questionId: string, value: AnswerValue) => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  const positionText = formatNumber(locale, position);
  const countText = formatNumber(locale, count);

  // After switching blocks, keyboard and screen reader users start at the new block's title.
  useEffect(() => {
    if (focusOnShow && block.id) heading.current?.focus();
  }, [block.id, focusOnShow]);

  return (
    <section className="block" aria-labelledby={`block-${block.id}`}>
      <p className="block__position">{t`Block ${positionText} of ${countText}`}</p>
      <h2 id={`block-${block.id}`} className="block__title" tabIndex={-1} ref={heading}>
        {block.title}
      </h2>
      <div className="block__questions">
        {block.questions.map((question, index) => {
          const entry = answers[question.id];
          return (
            <BoundQuestion
              key={question.id}
              question={question}
              number={firstNumber + index}
              value={entry?.value}
              status={entry?.status ?? 'unanswered'}
              disabled={disabled}
              onAnswer={onAnswer}
            />
          );
        })}
      </div>
    </section>
  );
}

/**
 * A question that renders again only when its own answer, status or lock changes: a click then
 * re-renders one question, not the whole block, and the answer's IndexedDB write is not kept
 * waiting behind a long render (bench:click measures it).
 */
const BoundQuestion = memo(function BoundQuestion({
  onAnswer,
  ...props
}: Omit<QuestionFieldProps, 'onAnswer'> & { onAnswer: (questionId: string, value: AnswerValue) => void }) {
  const questionId = props.question.id;
  const bound = useCallback((value: AnswerValue) => onAnswer(questionId, value), [onAnswer, questionId]);
  return <QuestionField {...props} onAnswer={bound} />;
});
