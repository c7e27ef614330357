import type { ComponentType } from 'react';
import { Redirect } from 'wouter';
import type { AppRouteName } from '../../contract/app-routes.ts';
import { hasStoredSession } from '../features/test-taking/resume/stored-session-key.ts';
import { useAuth } from '../shared/auth/auth.ts';
import type { PageProps } from '../shared/routing/page-props.ts';
import type { LayoutName } from './AppLayout.tsx';
import {
  AccountPage,
  AssignmentPages,
  AudiencePage,
  ContactsPage,
  GoogleCallbackPage,
  LessonsPage,
  PassedTestPage,
  PassedTestsPage,
  ResultsPage,
  SpecializationsPage,
  SubjectsPage,
  TestPage,
  TutorTestPage,
  VerifyPage,
} from './pages.ts';

export interface RouteView {
  page: ComponentType<PageProps>;
  layout: LayoutName;
  /**
   * Starts loading the route's page before React first renders it (main.tsx), so the page does not
   * suspend and the browser fetches its code beside the catalog instead of after it.
   */
  preload: (params: PageProps['params']) => Promise<void>;
}

/** `/{lang}/test-{role}[/{subject}[/{spec}]]`: one route of the contract, three pages by depth. */
function testRolePageOf(params: PageProps['params']) {
  if (params.spec !== undefined) return LessonsPage;
  if (params.subject !== undefined) return SpecializationsPage;
  return SubjectsPage;
}

function TestRolePage({ params }: PageProps) {
  const Page = testRolePageOf(params);
  return <Page params={params} />;
}

/** A lesson's page, and a test this device can resume on it, which then loads at the same time. */
function preloadTestPage(params: PageProps['params']) {
  const slug = params.slug ?? '';
  if (!hasStoredSession(slug)) return TestPage.preload();
  const resume = import('../features/test-taking/resume/resume-early.ts').then(({ resumeEarly }) => resumeEarly(slug));
  return Promise.all([TestPage.preload(), resume.catch(() => undefined)]).then(() => undefined);
}

/** A signed-in user on the other role's page goes to their own: a tutor is never shown the student page, nor the reverse. */
function RolePage({ params, audience: role }: PageProps & { audience: 'student' | 'tutor' }) {
  const { user } = useAuth();
  if (user && user.role !== role) return <Redirect to={`/${user.role}`} replace />;
  return <AudiencePage params={{ ...params, role }} />;
}

const StudentPage = ({ params }: PageProps) => <RolePage params={params} audience="student" />;
const TutorPage = ({ params }: PageProps) => <RolePage params={params} audience="tutor" />;

/**
 * The page and layout of every route of the shared route table (`contract/app-routes.ts`),
 * which decides what a path is; `home` is not here, it only redirects. A route added to the
 * contract fails to type-check until it has a page.
 */
/** A route whose page loads its own code: the page's preload is the route's. */
const view = (
  page: RouteView['page'] & { preload: () => Promise<void> },
  layout: LayoutName = 'default',
): RouteView => ({
  page,
  layout,
  preload: page.preload,
});

export const ROUTE_VIEWS: Record<Exclude<AppRouteName, 'home'>, RouteView> = {
  student: { page: StudentPage, layout: 'default', preload: AudiencePage.preload },
  tutor: { page: TutorPage, layout: 'default', preload: AudiencePage.preload },
  'tutor-test': view(TutorTestPage),
  'tutor-assignments': view(AssignmentPages),
  assignment: view(AssignmentPages, 'full-height'),
  'test-role': { page: TestRolePage, layout: 'default', preload: (params) => testRolePageOf(params).preload() },
  test: { page: TestPage, layout: 'full-height', preload: preloadTestPage },
  'results-preview': view(ResultsPage, 'full-height'),
  contacts: view(ContactsPage),
  verify: view(VerifyPage),
  account: view(AccountPage),
  'account-passed-tests': view(PassedTestsPage),
  'account-passed-test': view(PassedTestPage),
  'google-callback': view(GoogleCallbackPage),
};
