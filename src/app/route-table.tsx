import type { ComponentType } from 'react';
import { Redirect } from 'wouter';
import type { AppRouteName } from '../../contract/app-routes.ts';
import { useAuth } from '../shared/auth/auth.ts';
import type { LayoutName } from './AppLayout.tsx';
import type { PageProps } from './page-props.ts';
import {
  AccountPage,
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
} from './pages.ts';

export interface RouteView {
  page: ComponentType<PageProps>;
  layout: LayoutName;
}

/** `/{lang}/test-{role}[/{subject}[/{spec}]]`: one route of the contract, three pages by depth. */
function TestRolePage({ params }: PageProps) {
  if (params.spec !== undefined) return <LessonsPage params={params} />;
  if (params.subject !== undefined) return <SpecializationsPage params={params} />;
  return <SubjectsPage params={params} />;
}

/** A signed-in user on the other role's page goes to their own (spec section 2). */
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
export const ROUTE_VIEWS: Record<Exclude<AppRouteName, 'home'>, RouteView> = {
  student: { page: StudentPage, layout: 'default' },
  tutor: { page: TutorPage, layout: 'default' },
  'test-role': { page: TestRolePage, layout: 'default' },
  test: { page: TestPage, layout: 'full-height' },
  'results-preview': { page: ResultsPage, layout: 'full-height' },
  contacts: { page: ContactsPage, layout: 'default' },
  account: { page: AccountPage, layout: 'default' },
  'account-passed-tests': { page: PassedTestsPage, layout: 'default' },
  'account-passed-test': { page: PassedTestPage, layout: 'default' },
  'google-callback': { page: GoogleCallbackPage, layout: 'default' },
};
