import { lazy, Suspense } from 'react';
import { withPagesCatalog } from '../../i18n/activate-locale.ts';

/**
 * A step between the tutor page and the tutor's tests: the landing page (on every first visit)
 * then names one small chunk to fetch instead of every chunk the list of tests needs.
 */
const MyTests = lazy(withPagesCatalog(() => import('./MyTests.tsx')));

export default function MyTestsLoader() {
  return (
    <Suspense fallback={null}>
      <MyTests />
    </Suspense>
  );
}
