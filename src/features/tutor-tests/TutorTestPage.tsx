import { Suspense } from 'react';
import { lazyPage } from '../../shared/pwa/lazy-page.ts';
import type { PageProps } from '../../shared/routing/page-props.ts';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';

// Each view is its own chunk, and this page names only itself to the route table (which is part of
// every first visit): the list of chunks to preload stays out of it.
const TestEditorPage = lazyPage(() => import('./TestEditorPage.tsx'));
const PreviewPage = lazyPage(() => import('./PreviewPage.tsx'));

/** `/{lang}/tutor/tests/{id}`: the test's editor; with `/preview`, taking it as a student would. */
export default function TutorTestPage({ params }: PageProps) {
  return (
    <Suspense
      fallback={
        <section className="page page--narrow">
          <LoadingState />
        </section>
      }
    >
      {params.view ? <PreviewPage params={params} /> : <TestEditorPage params={params} />}
    </Suspense>
  );
}
