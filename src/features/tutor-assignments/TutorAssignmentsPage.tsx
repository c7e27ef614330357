import { useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import type { PageProps } from '../../shared/routing/page-props.ts';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { RequireTutor } from '../tutor-tests/RequireTutor.tsx';
import './tutor-assignments.css';
import { lazyPage } from '../../shared/pwa/lazy-page.ts';

// Each view is its own chunk: a tutor watching an exam on a phone downloads the monitor only.
const AssignmentList = lazyPage(() => import('./AssignmentList.tsx'));
const NewAssignment = lazyPage(() => import('./NewAssignment.tsx'));
const AssignmentView = lazyPage(() => import('./AssignmentView.tsx'));
const AccommodationsPage = lazyPage(() => import('../accommodations/AccommodationsPage.tsx'));

/**
 * `/{lang}/tutor/assignments[/new | /accommodations | /{id}[/results | /analysis | /attempts/{session}]]`:
 * the tutor's assignments, giving a test, the standing accommodations every assignment applies, and
 * one assignment's monitor, results, analysis and attempt reviews.
 */
export default function TutorAssignmentsPage({ params }: PageProps) {
  const { t } = useLingui();
  let view = <AssignmentList />;
  if (params.view === 'new') view = <NewAssignment />;
  else if (params.view === 'accommodations') view = <AccommodationsPage />;
  else if (params.id) {
    view = <AssignmentView id={params.id} tab={params.tab ?? 'monitor'} session={params.session ?? null} />;
  }
  return (
    <RequireTutor title={t`Assignments`}>
      <Suspense
        fallback={
          <section className="page">
            <LoadingState />
          </section>
        }
      >
        {view}
      </Suspense>
    </RequireTutor>
  );
}
