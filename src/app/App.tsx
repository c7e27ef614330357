import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { SWRConfig } from 'swr';
import { Notifications } from '../shared/notifications/Notifications.tsx';
import { useViewportCookie } from '../shared/viewport/use-viewport.ts';
import { AppRoutes } from './AppRoutes.tsx';

// Failures get a visible "Try again" instead of silent retries; focus refetches would reshuffle a test.
const swrOptions = { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: true };

export function App() {
  useViewportCookie();
  return (
    <I18nProvider i18n={i18n}>
      <SWRConfig value={swrOptions}>
        <AppRoutes />
        <Notifications />
      </SWRConfig>
    </I18nProvider>
  );
}
