import { useLingui } from '@lingui/react/macro';
import type { QuestionResult } from '../../../contract/index.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { PointsOf } from '../../shared/ui/PointsOf.tsx';
import { RichText } from '../../shared/ui/rich-text/RichText.tsx';
import { TestImage } from '../../shared/ui/TestImage.tsx';
import { REVIEW_PARTS } from '../question-types/review.tsx';
import { formatDelay } from './late-delay.ts';

type Verdict = 'correct' | 'partial' | 'incorrect';

/** Null where the tutor shows the answers without marking them, or where a person marks them. */
function verdictOf(question: QuestionResult): Verdict | null {
  if (question.marking !== undefined || question.correct === null || question.score === null) return null;
  if (question.correct) return 'correct';
  return question.score > 0 ? 'partial' : 'incorrect';
}

/** One question of the results: the taker's answer beside the correct one, and why. */
export function QuestionResultItem({ question, number }: { question: QuestionResult; number: number }) {
  const { t } = useLingui();
  const locale = useLocale();
  const verdict = verdictOf(question);
  const verdictTexts = { correct: t`Correct`, partial: t`Partly correct`, incorrect: t`Incorrect` };
  const given = question.answered ? question.given : null;
  const delay = question.late_ms === null ? '' : formatDelay(locale, question.late_ms);
  const Answer = REVIEW_PARTS[question.type];
  const markingTexts = {
    awaiting: t`Awaiting marking`,
    marked: t`Marked by your tutor`,
    unmarked: t`Not marked: a practice attempt has no marker`,
  };

  return (
    <li className={`result-question result-question--${verdict ?? 'unmarked'}`}>
      {verdict !== null && question.score !== null && (
        <div className="result-question__head">
          <span className={`verdict verdict--${verdict}`}>
            <span className="verdict__icon" aria-hidden="true" />
            {verdictTexts[verdict]}
          </span>
          <span className="result-question__points">
            <PointsOf score={question.score} max={question.points} />
          </span>
        </div>
      )}
      {question.marking !== undefined && (
        <div className="result-question__head" data-testid="marking-state">
          <span className={`verdict verdict--${question.marking === 'marked' ? 'partial' : 'unmarked'}`}>
            {markingTexts[question.marking]}
          </span>
          {question.marking === 'marked' && question.score !== null && (
            <span className="result-question__points">
              <PointsOf score={question.score} max={question.points} />
            </span>
          )}
        </div>
      )}
      <p className="result-question__text">
        <span className="result-question__number">{formatNumber(locale, number)}.</span>{' '}
        <RichText text={question.text} />
      </p>
      {question.image && <TestImage image={question.image} className="result-question__image" />}
      <dl className="result-question__answers">
        <div>
          <dt>{t`Your answer`}</dt>
          <dd>
            {given === null ? <em className="muted">{t`No answer`}</em> : <Answer value={given} question={question} />}
          </dd>
        </div>
        {question.correct_answer !== null && (
          <div>
            <dt>{t`Correct answer`}</dt>
            <dd>
              <Answer value={question.correct_answer} question={question} />
            </dd>
          </div>
        )}
        {question.late_ms !== null && given !== null && (
          <div className="result-question__late" data-testid="late-answer">
            <dt>{t`Arrived late`}</dt>
            <dd>{t`Answered before the deadline on a device without a connection; it reached the server ${delay} after the deadline.`}</dd>
          </div>
        )}
        {question.comment && (
          <div className="result-question__explanation">
            <dt>{t`Tutor’s comment`}</dt>
            <dd className="essay-text">{question.comment}</dd>
          </div>
        )}
        {question.explanation && (
          <div className="result-question__explanation">
            <dt>{t`Explanation`}</dt>
            <dd>
              <RichText text={question.explanation} />
            </dd>
          </div>
        )}
      </dl>
    </li>
  );
}
