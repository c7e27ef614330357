import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppRoutes } from '../app/AppRoutes.tsx';

/**
 * The whole app's routing at a path, in memory, with fresh SWR and resource caches (test/setup.ts
 * clears the latter); returns the location to inspect. SWRConfig here reads nothing: it only gives
 * each test a cache of its own, so that the app's reads (all through useRead) start empty.
 */
export function renderAppAt(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <I18nProvider i18n={i18n}>
      <SWRConfig value={{ provider: () => new Map() }}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <AppRoutes />
        </Router>
      </SWRConfig>
    </I18nProvider>,
  );
  return location;
}
