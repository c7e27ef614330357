import { Select, Trans } from '@lingui/react/macro';
import { formatNumber, pluralForm } from '../../i18n/counts.ts';
import { formatPercent } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { AwaitingMarks } from './AwaitingMarks.tsx';

/** "7 of 12 points (58 %)", with the "7 of 12" part where tests can find it. */
export function ScoreSummary({
  score,
  maxScore,
  percent,
  awaiting,
}: {
  score: number;
  maxScore: number;
  percent: number;
  /** Written answers still to be marked by hand: the score is not final while there are any. */
  awaiting?: number | undefined;
}) {
  const locale = useLocale();
  const scoreText = formatNumber(locale, score);
  const maxText = formatNumber(locale, maxScore);
  const percentText = formatPercent(locale, percent);
  const maxForm = pluralForm(locale, maxScore);
  const width = `${Math.min(100, Math.max(0, percent))}%`;
  return (
    <div className="score-card">
      <p className="score-card__line">
        <Trans>
          <strong data-testid="score" className="score-card__score">
            {scoreText} of {maxText}
          </strong>{' '}
          <Select value={maxForm} _one="point" other="points" /> ({percentText})
        </Trans>
      </p>
      <div className="meter" aria-hidden="true">
        <span className="meter__fill" style={{ width }} />
      </div>
      <AwaitingMarks count={awaiting} />
    </div>
  );
}
