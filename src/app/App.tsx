import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { SWRConfig } from 'swr';
import { Route, Switch } from 'wouter';
import { LOCALE_PREFIX } from '../i18n/locales.ts';
import { HomeRedirect } from './HomeRedirect.tsx';
import { LocaleShell } from './LocaleShell.tsx';
import { Toasts } from './Toasts.tsx';
import { UnprefixedNotFound } from './UnprefixedNotFound.tsx';

// Failures get a visible "Try again" instead of silent retries; focus refetches would reshuffle a test.
const swrOptions = { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true };

export function App() {
  return (
    <I18nProvider i18n={i18n}>
      <SWRConfig value={swrOptions}>
        <Switch>
          <Route path="/">
            <HomeRedirect />
          </Route>
          <Route path={LOCALE_PREFIX} nest>
            <LocaleShell />
          </Route>
          <Route>
            <UnprefixedNotFound />
          </Route>
        </Switch>
        <Toasts />
      </SWRConfig>
    </I18nProvider>
  );
}
