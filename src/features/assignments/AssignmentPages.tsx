import { lazyPage } from '../../shared/pwa/lazy-page.ts';
import type { PageProps } from '../../shared/routing/page-props.ts';

// One entry in the route table for both sides of assignments, so the first visit's code names one
// chunk more rather than two; the server preloads the page itself on a deep link (shell-preloads).
const AssignmentPage = lazyPage(() => import('./AssignmentPage.tsx'));
const TutorAssignmentsPage = lazyPage(() => import('../tutor-assignments/TutorAssignmentsPage.tsx'));
const LtiPages = lazyPage(() => import('../lti/LtiPages.tsx'));

/**
 * `/{lang}/a/{code}` (a taker's way in), `/{lang}/lti…` (the way in from a learning platform: for a
 * learner to an assignment, for a teacher to its monitor or to the choice of a test to add) and
 * `/{lang}/tutor/assignments…` (the tutor's pages).
 */
export default function AssignmentPages({ params }: PageProps) {
  if (params.lti) return <LtiPages />;
  return params.code ? <AssignmentPage params={params} /> : <TutorAssignmentsPage params={params} />;
}
