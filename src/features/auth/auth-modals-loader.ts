import { withPagesCatalog } from '../../i18n/activate-locale.ts';
import { lazyPage } from '../../shared/pwa/lazy-page.ts';

/** The sign-in and registration modals: their own chunk, fetched when one is about to open. */
// With the pages part of the catalog: the modals' messages are not in the shell's (app-shell/catalog-parts.ts).
const loadAuthModals = withPagesCatalog(() => import('./AuthModals.tsx'));
export const AuthModals = lazyPage(loadAuthModals);

export function preloadAuthModals(): void {
  loadAuthModals().catch(() => undefined);
}
