import { lazyPage } from '../shared/pwa/index.ts';

// One chunk per page: a taker on a slow network downloads only the screen in front of them.
// `lazyPage` is React.lazy that reloads once when a chunk of an older build is gone after a deploy.
export const AudiencePage = lazyPage(() => import('../features/landing/AudiencePage.tsx'));
export const SubjectsPage = lazyPage(() => import('../features/catalog/SubjectsPage.tsx'));
export const SpecializationsPage = lazyPage(() => import('../features/catalog/SpecializationsPage.tsx'));
export const LessonsPage = lazyPage(() => import('../features/catalog/LessonsPage.tsx'));
export const TestPage = lazyPage(() => import('../features/test-taking/TestPage.tsx'));
export const ResultsPage = lazyPage(() => import('../features/results/ResultsPage.tsx'));
export const ContactsPage = lazyPage(() => import('../features/contacts/ContactsPage.tsx'));
export const AccountPage = lazyPage(() => import('../features/account/AccountPage.tsx'));
export const PassedTestsPage = lazyPage(() => import('../features/account/PassedTestsPage.tsx'));
export const PassedTestPage = lazyPage(() => import('../features/account/PassedTestPage.tsx'));
export const GoogleCallbackPage = lazyPage(() => import('../features/account/GoogleCallbackPage.tsx'));
export const ErrorPage = lazyPage(() => import('../features/errors/ErrorPage.tsx'));
