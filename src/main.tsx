import './styles/index.css';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
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
activateLocale(locale).then(() => {
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
