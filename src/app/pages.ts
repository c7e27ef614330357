import { withPagesCatalog } from '../i18n/activate-locale.ts';
import { lazyPage } from '../shared/pwa/index.ts';

// One chunk per page: a taker on a slow network downloads only the screen in front of them.
// `lazyPage` is React.lazy that reloads once when a chunk of an older build is gone after a deploy.
// Pages outside the shell (app-shell/catalog-parts.ts) bring the pages part of the catalog along.
export const AudiencePage = lazyPage(() => import('../features/landing/AudiencePage.tsx'));
export const SubjectsPage = lazyPage(withPagesCatalog(() => import('../features/catalog/SubjectsPage.tsx')));
export const SpecializationsPage = lazyPage(
  withPagesCatalog(() => import('../features/catalog/SpecializationsPage.tsx')),
);
export const LessonsPage = lazyPage(withPagesCatalog(() => import('../features/catalog/LessonsPage.tsx')));
export const TestPage = lazyPage(withPagesCatalog(() => import('../features/test-taking/TestPage.tsx')));
export const ResultsPage = lazyPage(withPagesCatalog(() => import('../features/results/ResultsPage.tsx')));
export const ContactsPage = lazyPage(withPagesCatalog(() => import('../features/contacts/ContactsPage.tsx')));
export const AccountPage = lazyPage(withPagesCatalog(() => import('../features/account/AccountPage.tsx')));
export const PassedTestsPage = lazyPage(withPagesCatalog(() => import('../features/account/PassedTestsPage.tsx')));
export const PassedTestPage = lazyPage(withPagesCatalog(() => import('../features/account/PassedTestPage.tsx')));
export const GoogleCallbackPage = lazyPage(
  withPagesCatalog(() => import('../features/account/GoogleCallbackPage.tsx')),
);
export const TutorTestPage = lazyPage(withPagesCatalog(() => import('../features/tutor-tests/TutorTestPage.tsx')));
export const AssignmentPages = lazyPage(withPagesCatalog(() => import('../features/assignments/AssignmentPages.tsx')));
export const VerifyPage = lazyPage(withPagesCatalog(() => import('../features/receipts/VerifyPage.tsx')));
export const ErrorPage = lazyPage(() => import('../features/errors/ErrorPage.tsx'));
