import { useEffect } from 'react';
import { useLocale } from '../../i18n/locale-context.tsx';
import { hasStatus } from '../../shared/api/index.ts';
import { useRead } from '../../shared/api/use-read.ts';
import type { PageProps } from '../../shared/routing/page-props.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { ErrorState } from '../../shared/ui/ErrorState.tsx';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { NotFoundPage } from '../errors/ErrorPage.tsx';
import { LessonIntro } from './LessonIntro.tsx';
import { RunningTest } from './RunningTest.tsx';
import { loadTakingView } from './resume/taking-view-loader.ts';
import { useStoredAttempt } from './resume/use-stored-attempt.ts';
import type { TakingViewProps } from './TakingView.tsx';
import { fetchPreview, prefetchPayload, startSession } from './taking-api.ts';
import { useStartAttempt } from './use-start-attempt.ts';

/** `/{lang}/test/{slug}`: the lesson's preview, or the running test when there is one. */
export default function TestPage({ params }: PageProps) {
  const slug = params.slug ?? '';
  // A new lesson is a new page: no state of the previous one may leak into it.
  return <LessonTest key={slug} slug={slug} />;
}

function LessonTest({ slug }: { slug: string }) {
  const locale = useLocale();
  const preview = useRead('lesson', [slug], () => fetchPreview(slug));
  const { attempt, recheck } = useStoredAttempt(slug);
  // An attempt remembered on this device most likely resumes: its view loads while it is looked up.
  const checking = attempt.state === 'checking';
  useEffect(() => {
    if (checking) loadTakingView().catch(() => undefined);
  }, [checking]);
  const { started, starting, error: startError, errorMessage, start: startAttempt } = useStartAttempt(slug);
  // The one owner of the title, also while the test runs (the view below sets none).
  usePageMeta({ title: preview.data?.title, description: preview.data?.description });
  const version = preview.data?.version;
  useEffect(() => {
    if (version !== undefined) prefetchPayload(version, locale);
  }, [version, locale]);

  const start = () => void startAttempt((options) => startSession(slug, preview.data?.audience, options));

  const running: TakingViewProps | null =
    started ?? (attempt.state === 'running' ? { record: attempt.record, fresh: attempt.fresh } : null);

  if (running) {
    return <RunningTest running={running} />;
  }
  if (hasStatus(preview.error, 404)) return <NotFoundPage />;
  if (preview.error) {
    return (
      <section className="page page--narrow">
        <ErrorState error={preview.error} onRetry={() => preview.mutate()} />
      </section>
    );
  }
  if (!preview.data) {
    return (
      <section className="page page--narrow">
        <LoadingState />
      </section>
    );
  }
  return (
    <LessonIntro
      preview={preview.data}
      attempt={attempt}
      onRecheck={recheck}
      starting={starting}
      startError={startError}
      startMessage={errorMessage}
      onStart={start}
    />
  );
}
