import { useLingui } from '@lingui/react/macro';
import type { QuestionAnalysisRow } from '../../../contract/assignments.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { useAction } from '../../shared/forms/use-action.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { RichText } from '../../shared/ui/rich-text/RichText.tsx';
import { TableScroll } from '../../shared/ui/TableScroll.tsx';
import { TestFigures } from './TestFigures.tsx';
import { downloadCsv, useAnalysis } from './tutor-assignments-api.ts';

/**
 * The question analysis as Moodle's statistics report defines it: facility (mean score ÷ maximum)
 * and discrimination (upper 27 % minus lower 27 % by total score) with a flag where it is negative
 * or near zero, for choice questions how often each option was picked and by what share of each
 * group (the distractor analysis), and for a question marked part by part each part's facility; the
 * hardest questions first. Above them the test's own figures (TestFigures.tsx); all of it as CSV.
 */
export default function AnalysisPanel({ id, code }: { id: string; code: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const analysis = useAnalysis(id);
  const { busy, run } = useAction();
  if (analysis.error) return <ErrorState error={analysis.error} onRetry={() => analysis.mutate()} />;
  if (!analysis.data) return <LoadingState />;
  const share = (value: number | null) => (value === null ? '—' : `${formatNumber(locale, Math.round(value * 100))} %`);
  const index = (value: number | null) =>
    value === null
      ? '—'
      : new Intl.NumberFormat(locale, { maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(value);
  const all = analysis.data.attempts;
  return (
    <section className="analysis" aria-labelledby="analysis-title">
      <h2 id="analysis-title" className="section-title">
        {t`Question analysis`}
      </h2>
      <p className="muted">
        {t`Over ${formatNumber(locale, analysis.data.attempts)} finished attempts. Facility: the mean score as a share of the question’s points. Discrimination: how much better the top 27 % of takers did on it than the bottom 27 % (near 0 or below: the question does not tell strong from weak).`}
      </p>
      {analysis.data.questions.length === 0 ? (
        <p>{t`Nothing to analyse until someone finishes.`}</p>
      ) : (
        <>
          <div className="results-panel__tools">
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => run(() => downloadCsv(id, 'analysis', `analysis-${code}.csv`))}
            >
              {t`Download the analysis (CSV)`}
            </button>
          </div>
          <TestFigures test={analysis.data.test} finished={all} />
          <h3 className="analysis__subtitle">{t`Questions, hardest first`}</h3>
          <ol className="analysis__list">
            {analysis.data.questions.map((question, at) => (
              <li key={question.id} className="analysis__item" data-testid="analysis-question">
                <p className="analysis__text">
                  <RichText text={question.text} />
                </p>
                <dl className="analysis__stats">
                  <div>
                    <dt>{t`Facility`}</dt>
                    <dd>{share(question.facility)}</dd>
                  </div>
                  <div>
                    <dt>{t`Discrimination`}</dt>
                    <dd>{index(question.discrimination)}</dd>
                  </div>
                  {question.attempts !== all && (
                    <div>
                      <dt>{t`Drawn for`}</dt>
                      <dd>{t`${formatNumber(locale, question.attempts)} of ${formatNumber(locale, all)} attempts`}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t`Answered`}</dt>
                    <dd>{t`${formatNumber(locale, question.answered)} of ${formatNumber(locale, question.attempts)}`}</dd>
                  </div>
                  {question.pending !== undefined && (
                    <div>
                      <dt>{t`Awaiting marking`}</dt>
                      <dd data-testid="analysis-pending">
                        {question.pending === 0
                          ? t`none: every written answer is marked`
                          : t`${formatNumber(locale, question.pending)}, left out of these figures until marked`}
                      </dd>
                    </div>
                  )}
                </dl>
                {question.flag && <DiscriminationFlag flag={question.flag} />}
                {question.parts && (
                  <FigureTable
                    number={at + 1}
                    caption={t`Facility of each part`}
                    head={[t`Part`, t`Facility`]}
                    rows={question.parts.map((part) => ({
                      id: part.id,
                      text: part.text,
                      values: [share(part.facility)],
                    }))}
                  />
                )}
                {question.options && (
                  <FigureTable
                    number={at + 1}
                    caption={t`How often each option was picked, and by whom`}
                    head={[t`Option`, t`Picked`, t`By the top 27 %`, t`By the bottom 27 %`]}
                    rows={question.options.map((o) => ({
                      id: o.id,
                      text: o.text,
                      values: [formatNumber(locale, o.picked), share(o.upper), share(o.lower)],
                    }))}
                  />
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** Why a question's discrimination is worth a look: the weak did better, or it tells nobody apart. */
function DiscriminationFlag({ flag }: { flag: NonNullable<QuestionAnalysisRow['flag']> }) {
  const { t } = useLingui();
  return (
    <p className="analysis__flag" data-testid="analysis-flag">
      <strong>{t`Check this question:`}</strong>{' '}
      {flag === 'negative'
        ? t`the weaker takers did better on it than the stronger ones. Its key or wording may be wrong.`
        : t`it hardly tells the stronger takers from the weaker ones.`}
    </p>
  );
}

/** Figures for each option or part of a question: its text (formulas drawn) and the figures. */
function FigureTable({
  number,
  caption,
  head,
  rows,
}: {
  /** The question's place in the list: each table's scrolling region has a name of its own. */
  number: number;
  caption: string;
  head: string[];
  rows: { id: string; text: string; values: string[] }[];
}) {
  const { t } = useLingui();
  return (
    <TableScroll label={t`${caption}, question ${number}`}>
      <table className="data-table analysis__options">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <RichText text={row.text} />
              </th>
              {row.values.map((value, at) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
                <td key={at}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
