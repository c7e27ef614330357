import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { LocaleContext } from '../i18n/locale-context.tsx';

/** Renders inside the providers every component expects: Lingui (English) and the URL's locale. */
function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <LocaleContext value="en">{children}</LocaleContext>
    </I18nProvider>
  );
}

export function renderWithI18n(ui: ReactElement, options?: RenderOptions) {
  return render(ui, { wrapper: Providers, ...options });
}
