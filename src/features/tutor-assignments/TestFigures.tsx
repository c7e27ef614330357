import { useLingui } from '@lingui/react/macro';
import type { TestSummary } from '../../../contract/assignments.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { Histogram } from './Histogram.tsx';

/**
 * The test as a whole (Moodle's statistics report): mean, median, standard deviation, Cronbach's
 * alpha, KR-20 where every question is right or wrong, the standard error of measurement, and the
 * distribution of the counted attempts' scores as a chart with a table for screen readers.
 */
export function TestFigures({ test, finished }: { test: TestSummary; finished: number }) {
  const { t } = useLingui();
  const locale = useLocale();
  const decimal = (value: number | null, digits = 2) =>
    value === null ? '—' : new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  const points = (value: number | null) =>
    value === null ? '—' : t`${decimal(value)} of ${formatNumber(locale, test.max_score)} points`;
  return (
    <section className="test-figures" aria-labelledby="test-figures-title">
      <h3 id="test-figures-title" className="analysis__subtitle">
        {t`The test as a whole`}
      </h3>
      {test.attempts < finished && (
        <p className="muted">
          {t`Over ${formatNumber(locale, test.attempts)} of ${formatNumber(locale, finished)} finished attempts: one with a written answer awaiting its mark counts once marked.`}
        </p>
      )}
      <dl className="analysis__stats" data-testid="test-figures">
        <div>
          <dt>{t`Mean score`}</dt>
          <dd>{points(test.mean)}</dd>
        </div>
        <div>
          <dt>{t`Median`}</dt>
          <dd>{points(test.median)}</dd>
        </div>
        <div>
          <dt>{t`Standard deviation`}</dt>
          <dd>{decimal(test.sd)}</dd>
        </div>
        <div>
          <dt>{t`Cronbach’s alpha`}</dt>
          <dd data-testid="test-alpha">{decimal(test.alpha)}</dd>
        </div>
        {test.kr20 !== null && (
          <div>
            <dt>{t`KR-20`}</dt>
            <dd>{decimal(test.kr20)}</dd>
          </div>
        )}
        <div>
          <dt>{t`Standard error of measurement`}</dt>
          <dd>{test.sem === null ? '—' : `± ${points(test.sem)}`}</dd>
        </div>
      </dl>
      <p className="muted">
        {test.alpha === null
          ? t`Alpha needs at least two counted attempts whose scores differ.`
          : t`Alpha (and KR-20, its form for right-or-wrong questions) says how consistently the questions measure one thing: 0.7 or more is what exam boards usually ask of a test that decides marks. A taker's score is likely to lie within the standard error of the score they would get on any other day.`}
      </p>
      {test.percents.length > 0 && (
        <Histogram percents={test.percents} caption={t`Score distribution (counted attempts)`} />
      )}
    </section>
  );
}
