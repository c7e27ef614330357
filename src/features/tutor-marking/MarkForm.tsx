import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import type { MarkingAnswer, MarkingSheet } from '../../../contract/hand-marking.ts';
import { MARK_COMMENT_LENGTH } from '../../../contract/hand-marking.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { describedBy, Field } from '../../shared/forms/Field.tsx';
import { NumberInput } from '../../shared/forms/number-field/NumberInput.tsx';
import { useAction } from '../../shared/forms/use-action.ts';
import { RichText } from '../../shared/ui/rich-text/RichText.tsx';
import { WordCount } from '../question-types/essay/WordCount.tsx';
import { giveMark } from '../tutor-assignments/tutor-assignments-api.ts';
import '../question-types/essay/essay.css';

/** One written answer and its mark: points (focused on arrival), a comment, and the way on. */
export function MarkForm({
  id,
  answer,
  question,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  onSaved,
}: {
  id: string;
  answer: MarkingAnswer;
  question: MarkingSheet['questions'][number];
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const formId = useId();
  const pointsId = `${formId}-points`;
  const focusPoints = () => document.getElementById(pointsId)?.focus();
  const [points, setPoints] = useState<number | null>(answer.mark?.points ?? null);
  const [comment, setComment] = useState(answer.mark?.comment ?? '');
  const { busy, run, fieldErrors, clearField } = useAction();
  // Each answer opens with its points to type: the keyboard's way through a class.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the answer opens.
  useEffect(focusPoints, []);

  const taker = formatNumber(locale, answer.taker);
  const hint = t`Enter saves and opens the next answer; Ctrl+Enter does from the comment.`;
  const max = formatNumber(locale, question.points);
  const save = async () => {
    if (points === null) return focusPoints();
    const saved = await run(() => giveMark(id, answer.session, answer.question, points, comment.trim() || null), {
      done: t`Mark saved`,
      fields: (field) => field === 'points' || field === 'comment',
    });
    if (saved) await onSaved();
  };

  return (
    <form
      className="mark-form"
      aria-labelledby={`${formId}-who`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          void save();
        }
      }}
    >
      <h3 id={`${formId}-who`} className="mark-form__who" data-testid="marking-taker">
        {answer.name === null ? t`Taker ${taker}` : answer.name || t`Taker ${taker}`}
        {answer.mark && <span className="mark-form__marked"> · {t`marked`}</span>}
      </h3>
      <div className="mark-form__question">
        <RichText text={question.text} />
      </div>
      {/* Scrolls when long: focusable, so a keyboard can scroll it. */}
      <blockquote
        className="mark-form__answer essay-text"
        data-testid="marking-answer"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard.
        tabIndex={0}
        aria-label={t`Written answer`}
      >
        {answer.text}
      </blockquote>
      <WordCount words={answer.words} min_words={question.min_words} max_words={question.max_words} />
      <Field id={pointsId} label={t`Points (0 to ${max})`} hint={hint} error={fieldErrors.points}>
        <NumberInput
          id={pointsId}
          empty="null"
          min={0}
          max={question.points}
          value={points}
          aria-describedby={describedBy(pointsId, {
            hint,
            ...(fieldErrors.points ? { error: fieldErrors.points } : {}),
          })}
          onValue={(value) => {
            clearField('points');
            setPoints(value);
          }}
        />
      </Field>
      <Field id={`${formId}-comment`} label={t`Comment for the taker (optional)`} error={fieldErrors.comment}>
        <textarea
          id={`${formId}-comment`}
          className="field__input"
          rows={3}
          maxLength={MARK_COMMENT_LENGTH}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
        />
      </Field>
      <div className="mark-form__actions">
        <button type="button" className="button button--secondary" disabled={!hasPrevious} onClick={onPrevious}>
          {t`Previous`}
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {hasNext ? t`Save and next` : t`Save`}
        </button>
        <button type="button" className="button button--secondary" disabled={!hasNext} onClick={onNext}>
          {t`Next`}
        </button>
      </div>
    </form>
  );
}
