import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { PageProps } from '../../shared/routing/page-props.ts';
import { paths } from '../../shared/routing/paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { RunningTest } from '../test-taking/RunningTest.tsx';
import { useStoredAttempt } from '../test-taking/resume/use-stored-attempt.ts';
import { useStartAttempt } from '../test-taking/use-start-attempt.ts';
import { RequireTutor } from './RequireTutor.tsx';
import { previewTest } from './tutor-tests-api.ts';

/**
 * `/{lang}/tutor/tests/{id}/preview`: the tutor takes the draft exactly as a student would (timer,
 * blocks, results with review) in a session that counts nowhere. A reload resumes it, as any test.
 */
export default function PreviewPage({ params }: PageProps) {
  const { t } = useLingui();
  return (
    <RequireTutor title={t`Preview as a student`}>
      <Preview id={params.id ?? ''} />
    </RequireTutor>
  );
}

function Preview({ id }: { id: string }) {
  const { t } = useLingui();
  // The slug of the test's own lesson: the device remembers the preview under it.
  const slug = `t-${id}`;
  const { attempt } = useStoredAttempt(slug);
  const { started, starting, error, errorMessage, start: startAttempt } = useStartAttempt(slug);
  usePageMeta({ title: t`Preview as a student` });

  const start = () => void startAttempt((options) => previewTest(id, options));

  const running = started ?? (attempt.state === 'running' ? { record: attempt.record, fresh: attempt.fresh } : null);
  if (running) {
    return <RunningTest running={running} preview />;
  }
  if (attempt.state === 'checking') {
    return (
      <section className="page page--narrow">
        <LoadingState />
      </section>
    );
  }
  const finished = attempt.state === 'finished' ? attempt.stored : null;
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <h1 id="page-title">{t`Preview as a student`}</h1>
      <p>
        {t`You take the draft exactly as a student would: with the timer, the blocks, and the results with the review. Nothing is counted anywhere.`}
      </p>
      {error !== null && <ErrorState error={error} message={errorMessage} onRetry={start} />}
      <div className="hero__actions">
        <button type="button" className="button button--primary" onClick={start} disabled={starting}>
          {finished ? t`Preview again` : t`Start the preview`}
        </button>
        {finished && (
          <Link href={paths.results(finished.uuid, finished.api_token)} className="button button--secondary">
            {t`Results of the last preview`}
          </Link>
        )}
        <Link href={paths.tutorTest(id)} className="button button--secondary">
          {t`Back to the editor`}
        </Link>
      </div>
    </section>
  );
}
