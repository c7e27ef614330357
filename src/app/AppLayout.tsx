import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PageProgress } from '../shared/progress/PageProgress.tsx';
import { AuthModalHost } from './AuthModalHost.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/**
 * The two page layouts in one component, so the header (and an open language modal) survives
 * moving between them: `default` has the footer; `full-height` (the running test, the results)
 * gives the page the whole height of the screen and nothing to wander off to below it.
 */
export type LayoutName = 'default' | 'full-height';

export function AppLayout({ layout, route, children }: { layout: LayoutName; route: string; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className={`app app--${layout}`} data-route={route}>
      <a className="skip-link" href="#main">
        {t`Skip to content`}
      </a>
      <Header />
      <main id="main" className="app__main" tabIndex={-1}>
        {/* Fixed to the top of the screen; inside <main> so it belongs to a landmark. */}
        <PageProgress />
        {children}
      </main>
      {layout === 'default' && <Footer />}
      <AuthModalHost />
    </div>
  );
}
