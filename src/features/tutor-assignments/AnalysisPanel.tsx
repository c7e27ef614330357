import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../i18n/counts.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { RichText } from '../../shared/ui/rich-text/RichText.tsx';
import { TableScroll } from '../../shared/ui/TableScroll.tsx';
import { useAnalysis } from './tutor-assignments-api.ts';

/**
 * The question analysis as Moodle's statistics report defines it: facility (mean score ÷ maximum)
 * and discrimination (upper 27 % minus lower 27 % by total score), for choice questions how often
 * each option was picked, and for a question marked part by part each part's facility; the hardest
 * questions first.
 */
export default function AnalysisPanel({ id }: { id: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const analysis = useAnalysis(id);
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
              {question.parts && (
                <FigureTable
                  number={at + 1}
                  caption={t`Facility of each part`}
                  head={[t`Part`, t`Facility`]}
                  rows={question.parts.map((part) => ({ id: part.id, text: part.text, value: share(part.facility) }))}
                />
              )}
              {question.options && (
                <FigureTable
                  number={at + 1}
                  caption={t`How often each option was picked`}
                  head={[t`Option`, t`Picked`]}
                  rows={question.options.map((o) => ({
                    id: o.id,
                    text: o.text,
                    value: formatNumber(locale, o.picked),
                  }))}
                />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A figure for each option or part of a question: its text (formulas drawn) and the figure. */
function FigureTable({
  number,
  caption,
  head,
  rows,
}: {
  /** The question's place in the list: each table's scrolling region has a name of its own. */
  number: number;
  caption: string;
  head: [string, string];
  rows: { id: string; text: string; value: string }[];
}) {
  const { t } = useLingui();
  return (
    <TableScroll label={t`${caption}, question ${number}`}>
      <table className="data-table analysis__options">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{head[0]}</th>
            <th scope="col">{head[1]}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <RichText text={row.text} />
              </th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
