import { ErrorPage } from '../features/errors/ErrorPage.tsx';
import type { PageProps } from '../shared/routing/page-props.ts';

const PAGE_NAMES = [
  'AudiencePage',
  'SubjectsPage',
  'SpecializationsPage',
  'LessonsPage',
  'TestPage',
  'ResultsPage',
  'ContactsPage',
  'AccountPage',
  'PassedTestsPage',
  'PassedTestPage',
  'GoogleCallbackPage',
  'TutorTestPage',
  'AssignmentPages',
  'VerifyPage',
] as const;

/**
 * Stand-ins for every export of `src/app/pages.ts`, for tests about the shell rather than the
 * pages: each shows its name (as `data-page`) and the params it got. The error page is the real one.
 * Use: `vi.mock('…/app/pages.ts', async () => (await import('…/test/stub-pages.tsx')).stubPages())`.
 */
export function stubPages() {
  return {
    ...Object.fromEntries(
      PAGE_NAMES.map((name) => [name, ({ params }: PageProps) => <p data-page={name}>{JSON.stringify(params)}</p>]),
    ),
    ErrorPage,
  };
}
