import { Select, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { AnswerValue, TakerQuestion } from '../../../../contract/index.ts';
import { formatNumber, pluralForm } from '../../../i18n/counts.ts';
import { useLocale } from '../../../i18n/locale-context.tsx';
import { RichText } from '../../../shared/ui/rich-text/RichText.tsx';
import { TestImage } from '../../../shared/ui/TestImage.tsx';
import { TAKING_PARTS } from '../../question-types/taking.ts';
import { ReadAloudButton } from '../read-aloud/ReadAloudButton.tsx';
import type { AnswerStatus } from './types.ts';

export interface QuestionFieldProps {
  question: TakerQuestion;
  /** 1-based position in the block. */
  number: number;
  value: AnswerValue | undefined;
  status: AnswerStatus;
  disabled?: boolean;
  onAnswer: (value: AnswerValue) => void;
}

/** One question: a group named by its text, its answer input and the mark of where the answer stands. */
export function QuestionField({ question, number, value, status, disabled = false, onAnswer }: QuestionFieldProps) {
  const id = useId();
  const locale = useLocale();
  const Input = TAKING_PARTS[question.type];
  const pointsForm = pluralForm(locale, question.points);
  const pointsText = formatNumber(locale, question.points);
  return (
    <fieldset
      className={`question question--${status}`}
      data-question={question.id}
      aria-labelledby={`${id}-text`}
      aria-describedby={`${id}-meta`}
      disabled={disabled}
    >
      <legend className="question__legend">
        <span className="question__number" aria-hidden="true">
          {number}
        </span>
        <span id={`${id}-text`} className="question__text">
          <RichText text={question.text} />
        </span>
      </legend>
      {question.image && <TestImage image={question.image} className="question__image" />}
      <p id={`${id}-meta`} className="question__meta">
        <span>
          <Select value={pointsForm} _one={`${pointsText} point`} other={`${pointsText} points`} />
        </span>
        <StatusMark status={status} onRetry={value === undefined ? undefined : () => onAnswer(value)} />
        <ReadAloudButton question={question} number={number} />
      </p>
      <Input question={question} value={value} onAnswer={onAnswer} />
    </fieldset>
  );
}

function StatusMark({ status, onRetry }: { status: AnswerStatus; onRetry: (() => void) | undefined }) {
  const { t } = useLingui();
  if (status === 'unanswered') return null;
  const label = {
    saving: t`Saving…`,
    queued: t`Saved on this device`,
    saved: t`Answer saved`,
    refused: t`Not accepted`,
    failed: t`Not saved`,
  }[status];
  return (
    <span className={`status-mark status-mark--${status}`}>
      <span className="status-mark__icon" aria-hidden="true" />
      {label}
      {/* A radio that is already checked cannot be clicked again, so a failed answer gets its own way back. */}
      {status === 'failed' && onRetry && (
        <button type="button" className="link-button" onClick={onRetry}>
          {t`Send again`}
        </button>
      )}
    </span>
  );
}
