import { lazy } from 'react';

// One chunk per page: a taker on a slow network downloads only the screen in front of them.
export const SubjectsPage = lazy(() => import('../features/catalog/SubjectsPage.tsx'));
export const SpecializationsPage = lazy(() => import('../features/catalog/SpecializationsPage.tsx'));
export const LessonsPage = lazy(() => import('../features/catalog/LessonsPage.tsx'));
export const TestPage = lazy(() => import('../features/test-taking/TestPage.tsx'));
export const ResultsPage = lazy(() => import('../features/results/ResultsPage.tsx'));
