import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { formatDateTime } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { assignmentPaths } from '../../shared/routing/assignment-paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { stateLabel } from './state-label.ts';
import { useAssignments } from './tutor-assignments-api.ts';

/** Every assignment the tutor gave, newest first. */
export default function AssignmentList() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const list = useAssignments();
  usePageMeta({ title: t`Assignments` });
  const given = (at: number) => formatDateTime(locale, at);
  return (
    <section className="page assignments" aria-labelledby="page-title">
      <header className="page__header section-head">
        <h1 id="page-title">{t`Assignments`}</h1>
        <div className="assignments__actions">
          <Link href={assignmentPaths.accommodations()} className="button button--secondary">
            {t`Accommodations`}
          </Link>
          <Link href={assignmentPaths.create()} className="button button--primary">
            {t`Give a test`}
          </Link>
        </div>
      </header>
      {list.error ? (
        <ErrorState error={list.error} onRetry={() => list.mutate()} />
      ) : !list.data ? (
        <LoadingState />
      ) : list.data.length === 0 ? (
        <p>{t`You have not given a test yet. Publish one of your tests, then give it to your class.`}</p>
      ) : (
        <ul className="assignments__list">
          {list.data.map((a) => (
            <li key={a.id} className="assignments__item">
              <Link href={assignmentPaths.assignment(a.id)} className="assignments__title">
                {a.title}
              </Link>
              <span className="assignments__code">{a.code}</span>
              <span className={`assignment-state assignment-state--${a.state}`}>{stateLabel(i18n, a.state)}</span>
              <span className="muted">{t`Given ${given(a.created_at)}`}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
