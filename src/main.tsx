import './styles/index.css';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchAppPath } from '../contract/app-routes.ts';
import { App } from './app/App.tsx';
import { ROUTE_VIEWS } from './app/route-table.tsx';
import { activateLocale } from './i18n/activate-locale.ts';
import { localeFromPath } from './i18n/locales.ts';
import { browserPreferredLocale } from './i18n/preferred-locale.ts';
import { setApiLanguage } from './shared/api/index.ts';
import { startPwa, UpdatePrompt } from './shared/pwa/index.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The first paint waits for the catalog, so nobody sees a flash of the wrong language.
const locale = localeFromPath(window.location.pathname) ?? browserPreferredLocale();
setApiLanguage(locale);
// The page's code loads beside the catalog, and the first paint waits for it: a page that
// suspended instead would show a spinner, then wait out React's reveal throttle. Not for longer
// than that throttle once the catalog is here, though: past it, the header and a progress bar first
// cost nothing more. A page that fails to load still renders, to show its error.
const PAGE_WAIT_MS = 300;
const match = matchAppPath(window.location.pathname);
const page =
  match && match.name !== 'home' ? ROUTE_VIEWS[match.name].preload(match.params).catch(() => undefined) : undefined;
activateLocale(locale)
  .then(() => Promise.race([page, new Promise((wait) => setTimeout(wait, PAGE_WAIT_MS))]))
  .then(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
        <I18nProvider i18n={i18n}>
          <UpdatePrompt />
        </I18nProvider>
      </StrictMode>,
    );
  });

// Service worker and update checks (production builds only), whether or not the first paint works out.
startPwa();
