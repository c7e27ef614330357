import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { Notifications } from '../shared/notifications/Notifications.tsx';
import { useViewportCookie } from '../shared/viewport/use-viewport.ts';
import { AppRoutes } from './AppRoutes.tsx';

export function App() {
  useViewportCookie();
  return (
    <I18nProvider i18n={i18n}>
      <AppRoutes />
      <Notifications />
    </I18nProvider>
  );
}
