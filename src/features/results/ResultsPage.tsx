import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'wouter';
import { hasStatus } from '../../shared/api/index.ts';
import type { PageProps } from '../../shared/routing/page-props.ts';
import { paths } from '../../shared/routing/paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { errorText } from '../../shared/ui/error-text.ts';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { KeepResultOffer } from '../auth/KeepResultOffer.tsx';
import { ReceiptPanel } from '../receipts/ReceiptPanel.tsx';
import { isAssignedSlug } from '../test-taking/assigned-slug.ts';
import { findStoredSessionByUuid } from '../test-taking/resume/stored-session.ts';
import { PendingResults } from './PendingResults.tsx';
import { ResultsView } from './ResultsView.tsx';
import { useResults } from './results-api.ts';
import { usePendingFinish } from './use-pending-finish.ts';

/** `/{lang}/test/{uuid}/results-preview?api_token=`: a finished test, question by question. */
export default function ResultsPage({ params }: PageProps) {
  const { t, i18n } = useLingui();
  const uuid = params.uuid ?? '';
  const [search] = useSearchParams();
  const apiToken = search.get('api_token');
  const results = useResults(uuid, apiToken);
  // Finished offline: the server learns of it when the outbox is sent, and the results follow.
  const pending = usePendingFinish(uuid, () => void results.mutate());
  const lessonTitle = results.data?.lesson.title;
  // Here rather than in the view: one owner of the title, or the parent's effect would win.
  usePageMeta({ title: lessonTitle ? t`Results: ${lessonTitle}` : t`Results` });

  if (results.data)
    return (
      <>
        <KeepResultOffer uuid={uuid} />
        <ResultsView results={results.data} />
        <div className="page page--narrow">
          <ReceiptPanel uuid={uuid} apiToken={apiToken} />
        </div>
      </>
    );

  let body: ReactNode;
  if (apiToken && pending && (pending.finishQueued || pending.refusal)) {
    body = <PendingResults waiting={pending.waiting} refusal={pending.refusal} />;
  } else if (apiToken && hasStatus(results.error, 403)) {
    // An assignment's results, withheld until it closes: the server says so in the taker's language.
    body = (
      <p className="notice notice--info" role="status" data-testid="results-withheld">
        {errorText(i18n, results.error)}
      </p>
    );
  } else if (!apiToken || hasStatus(results.error, 401, 404)) {
    body = (
      <p className="notice notice--error">{t`These results cannot be shown: the link is incomplete or no longer valid.`}</p>
    );
  } else if (hasStatus(results.error, 409)) {
    body = <NotFinished uuid={uuid} />;
  } else if (results.error) {
    body = <ErrorState error={results.error} onRetry={() => results.mutate()} />;
  } else {
    body = <LoadingState label={t`Loading results…`} />;
  }
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <h1 id="page-title">{t`Results`}</h1>
      {body}
      {/* The receipt is the device's own: shown whatever the results' state (offline, withheld, on their way). */}
      {apiToken && <ReceiptPanel uuid={uuid} apiToken={apiToken} />}
    </section>
  );
}

function NotFinished({ uuid }: { uuid: string }) {
  const { t } = useLingui();
  const stored = findStoredSessionByUuid(uuid);
  return (
    <div className="notice notice--info" role="status">
      <p>{t`This test is not finished yet, so there are no results to show.`}</p>
      {stored ? (
        <Link href={pathOfStored(stored.slug)} className="button button--primary">
          {t`Back to the test`}
        </Link>
      ) : (
        <Link href={paths.home('student')} className="button button--secondary">
          {t`Go to the home page`}
        </Link>
      )}
    </div>
  );
}

/** Where a remembered attempt is taken: its assignment's page, or its lesson's. */
function pathOfStored(slug: string): string {
  return isAssignedSlug(slug) ? paths.assignment(slug.slice(2)) : paths.test(slug);
}
