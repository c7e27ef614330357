import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { StudentAssignment } from '../../../contract/assignments.ts';
import { myAssignments } from '../../../contract/endpoints/assignments.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { api } from '../../shared/api/index.ts';
import { useRead } from '../../shared/api/use-read.ts';
import { paths } from '../../shared/routing/paths.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { AwaitingMarks } from '../results/AwaitingMarks.tsx';

/** Still to take: open (or about to open) with an attempt running or left. */
function isToDo(a: StudentAssignment): boolean {
  if (a.state === 'closed') return false;
  return a.attempts.some((x) => x.status === 'running') || a.attempts.length < a.attempts_allowed;
}

/** The signed-in student's assignments in their account: to do, and done with their results once released. */
export function MyAssignments() {
  const { t } = useLingui();
  const locale = useLocale();
  const list = useRead('my-assignments', [], () => api(myAssignments), { who: 'user' });
  if (list.error) return <ErrorState error={list.error} onRetry={() => list.mutate()} />;
  if (!list.data) return <LoadingState />;
  const toDo = list.data.filter(isToDo);
  const done = list.data.filter((a) => a.attempts.some((x) => x.status === 'finished'));
  return (
    <section className="my-assignments" aria-labelledby="my-assignments-title">
      <h2 id="my-assignments-title">{t`My assignments`}</h2>
      {list.data.length === 0 && (
        <p>{t`Assignments you open with a code from your tutor while signed in are listed here.`}</p>
      )}
      {toDo.length > 0 && (
        <>
          <h3>{t`To do`}</h3>
          <ul className="my-assignments__list">
            {toDo.map((a) => (
              <li key={a.code}>
                <Link href={paths.assignment(a.code)}>{a.title}</Link>
                {a.closes_at !== null && (
                  <span className="muted"> · {t`closes ${formatDateTime(locale, a.closes_at)}`}</span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {done.length > 0 && (
        <>
          <h3>{t`Done`}</h3>
          <ul className="my-assignments__list">
            {done.map((a) => {
              const last = [...a.attempts].reverse().find((x) => x.status === 'finished');
              return (
                <li key={a.code}>
                  <span>{a.title}</span>{' '}
                  {a.released && last && last.score !== null ? (
                    <>
                      <Link href={paths.passedTest(last.session)}>
                        {t`${formatNumber(locale, last.score)} of ${formatNumber(locale, last.max_score)}`}
                      </Link>
                      <AwaitingMarks count={last.awaiting_marks} short />
                    </>
                  ) : (
                    <span className="muted">{t`Results once the assignment closes`}</span>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
