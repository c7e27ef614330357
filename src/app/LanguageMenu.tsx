import { useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearch } from 'wouter';
import { useLocale } from '../i18n/locale-context.tsx';
import { LOCALE_TAGS, LOCALES, nativeLanguageName } from '../i18n/locales.ts';

/** The same page in every language: plain links, so they work without script and open in new tabs. */
export function LanguageMenu() {
  const { t } = useLingui();
  const current = useLocale();
  // Under `/{lang}` wouter gives the path after the prefix; elsewhere, the whole path.
  const [location] = useLocation();
  const search = useSearch();
  const rest = location === '/' ? '' : location;
  const query = search ? `?${search}` : '';

  return (
    <nav className="language-menu" aria-label={t`Language`}>
      <ul>
        {LOCALES.map((locale) => (
          <li key={locale}>
            <Link
              href={`~/${locale}${rest}${query}`}
              hrefLang={LOCALE_TAGS[locale]}
              lang={LOCALE_TAGS[locale]}
              aria-current={locale === current ? 'true' : undefined}
              title={nativeLanguageName(locale)}
            >
              <span aria-hidden="true">{locale.toUpperCase()}</span>
              <span className="visually-hidden">{nativeLanguageName(locale)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
