import './styles/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { activateLocale } from './i18n/activate-locale.ts';
import { localeFromPath } from './i18n/locales.ts';
import { browserPreferredLocale } from './i18n/preferred-locale.ts';
import { setApiLanguage } from './shared/api/index.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The first paint waits for the catalog, so nobody sees a flash of the wrong language.
const locale = localeFromPath(window.location.pathname) ?? browserPreferredLocale();
setApiLanguage(locale);
activateLocale(locale).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
