import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import type { Locale } from '../../contract/locale.ts';
import { LocaleContext } from '../i18n/locale-context.tsx';

/** The providers every component expects: Lingui (English messages) and the URL's locale. */
function Providers({ locale, children }: { locale: Locale; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <LocaleContext value={locale}>{children}</LocaleContext>
    </I18nProvider>
  );
}

/** Renders inside the providers; the URL's locale is en unless given. */
export function renderWithI18n(
  ui: ReactElement,
  { locale = 'en', ...options }: RenderOptions & { locale?: Locale } = {},
) {
  return render(ui, { wrapper: ({ children }) => <Providers locale={locale}>{children}</Providers>, ...options });
}
