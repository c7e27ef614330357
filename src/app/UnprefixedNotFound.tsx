import { useState } from 'react';
import { LocaleContext } from '../i18n/locale-context.tsx';
import { browserPreferredLocale } from '../i18n/preferred-locale.ts';
import { Layout } from './Layout.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

/** A path with no language prefix that is not `/`: a 404 in the visitor's preferred language. */
export function UnprefixedNotFound() {
  const [locale] = useState(browserPreferredLocale);
  return (
    <LocaleContext value={locale}>
      <Layout>
        <NotFoundPage />
      </Layout>
    </LocaleContext>
  );
}
