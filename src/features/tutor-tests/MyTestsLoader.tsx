import { Suspense } from 'react';
import { withPagesCatalog } from '../../i18n/activate-locale.ts';
import { lazyPage } from '../../shared/pwa/lazy-page.ts';

/**
 * A step between the tutor page and the tutor's tests: the landing page (on every first visit)
 * then names one small chunk to fetch instead of every chunk the list of tests needs.
 */
const MyTests = lazyPage(withPagesCatalog(() => import('./MyTests.tsx')));

export default function MyTestsLoader() {
  return (
    <Suspense fallback={null}>
      <MyTests />
    </Suspense>
  );
}
