import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { formatDateTime, formatPercent } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { paths } from '../../shared/routing/paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { PointsOf } from '../../shared/ui/PointsOf.tsx';
import { AwaitingMarks } from '../results/AwaitingMarks.tsx';
import { useCompletedTests } from './account-api.ts';
import './account.css';
import { RequireAuth } from './RequireAuth.tsx';

/** `/{lang}/account/passed-tests`: every finished test of the account, newest first. */
export default function PassedTestsPage() {
  return (
    <RequireAuth>
      <PassedTests />
    </RequireAuth>
  );
}

function PassedTests() {
  const { t } = useLingui();
  const locale = useLocale();
  const tests = useCompletedTests();
  usePageMeta({ title: t`Passed tests` });

  let body = <LoadingState />;
  if (tests.error) body = <ErrorState error={tests.error} onRetry={() => tests.mutate()} />;
  else if (tests.data?.length === 0) body = <p className="empty">{t`You have not passed any test yet.`}</p>;
  else if (tests.data) {
    const newestFirst = [...tests.data].sort((a, b) => b.finished_at - a.finished_at);
    body = (
      <ul className="passed-tests">
        {newestFirst.map((test) => (
          <li key={test.uuid} className="passed-tests__item" data-testid="passed-test">
            <Link href={paths.passedTest(test.uuid)} className="passed-tests__title">
              {test.lesson.title}
            </Link>
            <span className="passed-tests__meta">{formatDateTime(locale, test.finished_at)}</span>
            <span>
              <strong data-testid="passed-test-score">
                <PointsOf score={test.score} max={test.max_score} />
              </strong>{' '}
              ({formatPercent(locale, test.percent)})
              <AwaitingMarks count={test.awaiting_marks} short />
            </span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <header className="page__header">
        <p className="eyebrow">{t`Your account`}</p>
        <h1 id="page-title">{t`Passed tests`}</h1>
      </header>
      {body}
      <p>
        <Link href={paths.account()} className="button button--secondary">
          {t`Back to the account`}
        </Link>
      </p>
    </section>
  );
}
