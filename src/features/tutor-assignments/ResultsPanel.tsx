import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { Assignment, AttemptRow } from '../../../contract/assignments.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { formatDuration } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { Field } from '../../shared/forms/Field.tsx';
import { useAction } from '../../shared/forms/use-action.ts';
import { useConfirm } from '../../shared/forms/use-confirm.tsx';
import { notify } from '../../shared/notifications/notify.ts';
import { assignmentPaths } from '../../shared/routing/assignment-paths.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { TableScroll } from '../../shared/ui/TableScroll.tsx';
import { AccommodationBadge } from '../accommodations/AccommodationBadge.tsx';
import { AwaitingMarks } from '../results/AwaitingMarks.tsx';
import { formatDelay } from '../results/late-delay.ts';
import { ChangeLine } from './ChangeLine.tsx';
import { CourseRoster } from './CourseRoster.tsx';
import { GradeDeliveryText } from './GradeDeliveryText.tsx';
import { Histogram } from './Histogram.tsx';
import { NameFlag, RepeatedNamesNote } from './NameFlag.tsx';
import { nameKey, repeatedNames, type SortKey, sortAttempts } from './sort-attempts.ts';
import { downloadCsv, rescoreAssignment, useChanges, useResults } from './tutor-assignments-api.ts';

type Shown = 'all' | 'finished' | 'running' | 'late';

/** The results: every attempt (sortable, filterable), the score distribution, the exports and re-scoring. */
export default function ResultsPanel({ assignment }: { assignment: Assignment }) {
  const { t } = useLingui();
  const locale = useLocale();
  const results = useResults(assignment.id);
  const changes = useChanges(assignment.id);
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: 'name', descending: false });
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState<Shown>('all');
  const { busy, run } = useAction();
  const { confirm, dialog } = useConfirm();

  const rows = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase(locale);
    const kept = (results.data?.attempts ?? []).filter(
      (row) =>
        (!needle || row.name.toLocaleLowerCase(locale).includes(needle)) &&
        (shown === 'all' || (shown === 'late' ? row.late_answers > 0 : row.status === shown)),
    );
    return sortAttempts(kept, sort.key, sort.descending, locale);
  }, [results.data, query, shown, sort, locale]);

  if (results.error) return <ErrorState error={results.error} onRetry={() => results.mutate()} />;
  if (!results.data) return <LoadingState />;
  const attempts = results.data.attempts;
  const collects = attempts.some((row) => row.signals !== null);
  // Takers who came from a learning platform: where each score stands at its gradebook.
  const toGradebook = attempts.some((row) => row.grade !== undefined);
  const percents = attempts.flatMap((row) => (row.percent === null ? [] : [row.percent]));
  const repeated = repeatedNames(attempts, locale);

  const rescore = async () => {
    const sure = await confirm({
      title: t`Score every finished attempt again on the test’s latest published version? The old and new scores are recorded.`,
      confirmLabel: t`Re-score after correcting the key`,
    });
    if (!sure) return;
    await run(async () => {
      const report = await rescoreAssignment(assignment.id);
      const changed = formatNumber(locale, report.changed.length);
      const all = formatNumber(locale, report.attempts);
      notify(t`Re-scored ${all} attempts; ${changed} scores changed.`, { kind: 'success' });
      await Promise.all([results.mutate(), changes.mutate()]);
    });
  };
  const header = (key: SortKey, label: string) => {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined}>
        <button
          type="button"
          className="sort-button"
          onClick={() => setSort({ key, descending: active ? !sort.descending : key !== 'name' })}
        >
          {label}
          <span aria-hidden="true">{active ? (sort.descending ? ' ▼' : ' ▲') : ''}</span>
        </button>
      </th>
    );
  };
  const ended = (row: AttemptRow) =>
    row.finish_reason === null
      ? t`Still running`
      : { manual: t`Finished`, timeout: t`Time ran out`, expired: t`Closed after the deadline` }[row.finish_reason];

  return (
    <section className="results-panel" aria-labelledby="results-title">
      <h2 id="results-title" className="section-title">
        {t`Results`}
      </h2>
      {dialog}
      <div className="results-panel__tools">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => run(() => downloadCsv(assignment.id, 'results', `results-${assignment.code}.csv`))}
        >
          {t`Download the results (CSV)`}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => run(() => downloadCsv(assignment.id, 'answers', `answers-${assignment.code}.csv`))}
        >
          {t`Download every answer (CSV)`}
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={rescore}>
          {t`Re-score after correcting the key`}
        </button>
      </div>
      <CourseRoster assignmentId={assignment.id} />
      {percents.length > 0 && <Histogram percents={percents} />}
      <div className="results-panel__filters">
        <Field id="results-search" label={t`Find a name`}>
          <input
            id="results-search"
            type="search"
            className="field__input"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
        </Field>
        <Field id="results-shown" label={t`Show`}>
          <select
            id="results-shown"
            className="field__input"
            value={shown}
            onChange={(event) => setShown(event.currentTarget.value as Shown)}
          >
            <option value="all">{t`Every attempt`}</option>
            <option value="finished">{t`Finished`}</option>
            <option value="running">{t`Still running`}</option>
            <option value="late">{t`With answers that arrived late`}</option>
          </select>
        </Field>
      </div>
      {attempts.length === 0 ? (
        <p>{t`Nobody has started yet.`}</p>
      ) : (
        <TableScroll label={t`Every attempt`}>
          <table className="data-table">
            <caption className="visually-hidden">
              {t`Attempts: ${formatNumber(locale, rows.length)} of ${formatNumber(locale, attempts.length)}`}
            </caption>
            <thead>
              <tr>
                {header('name', t`Name`)}
                {header('score', t`Score`)}
                {header('percent', t`Percent`)}
                {header('time', t`Time used`)}
                <th scope="col">{t`How it ended`}</th>
                {header('late', t`Arrived late`)}
                {collects && <th scope="col">{t`Signals`}</th>}
                {toGradebook && <th scope="col">{t`Gradebook`}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.session} data-testid="result-row">
                  <th scope="row">
                    {/* No name: its taker deleted their account, the attempt kept without it. */}
                    {row.status === 'finished' ? (
                      <Link href={assignmentPaths.attempt(assignment.id, row.session)}>
                        {row.name || t`Name removed`}
                      </Link>
                    ) : (
                      row.name || t`Name removed`
                    )}
                    <NameFlag times={repeated.get(nameKey(row.name, locale))} signedIn={row.signed_in} />
                    <AccommodationBadge accommodation={row.accommodation} />
                  </th>
                  <td>
                    {row.score === null
                      ? '—'
                      : t`${formatNumber(locale, row.score)} of ${formatNumber(locale, row.max_score)}`}
                    {row.status === 'finished' && <AwaitingMarks count={row.awaiting_marks} short />}
                  </td>
                  <td>{row.percent === null ? '—' : `${formatNumber(locale, row.percent)} %`}</td>
                  <td>{row.time_used_seconds === null ? '—' : formatDuration(locale, row.time_used_seconds)}</td>
                  <td>{ended(row)}</td>
                  <td>
                    {row.late_answers === 0
                      ? '—'
                      : t`${formatNumber(locale, row.late_answers)} (up to ${formatDelay(locale, row.most_late_ms ?? 0)} late)`}
                  </td>
                  {collects && <td>{row.signals === null ? '—' : formatNumber(locale, row.signals)}</td>}
                  {toGradebook && (
                    <td>
                      <GradeDeliveryText grade={row.grade} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {repeated.size > 0 && <RepeatedNamesNote />}
      {changes.data && changes.data.length > 0 && (
        <section aria-labelledby="changes-title">
          <h3 id="changes-title">{t`Changes after the start`}</h3>
          <ul className="results-panel__changes">
            {changes.data.map((change) => (
              <li key={`${change.kind}-${change.at}-${change.session ?? ''}`}>
                <ChangeLine change={change} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
