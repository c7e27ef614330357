import { FALLBACK_LOCALE, isLocale, LOCALE_TAGS, LOCALES, type Locale } from '../../contract/index.ts';

export { FALLBACK_LOCALE, isLocale, LOCALE_TAGS, LOCALES, type Locale };

/** Matches the `/{lang}` prefix that every page lives under; the rest of the path is nested. */
export const LOCALE_PREFIX = new RegExp(`^/(?<lang>${LOCALES.join('|')})(?=/|$)`);

/** The locale a path starts with, if any: `/pl/student` gives `pl`. */
export function localeFromPath(pathname: string): Locale | null {
  const lang = LOCALE_PREFIX.exec(pathname)?.groups?.lang;
  return isLocale(lang) ? lang : null;
}

/** A language's own name ("Polski", "Українська"): Intl knows them, so no catalog entry is needed. */
export function nativeLanguageName(locale: Locale): string {
  const name = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(LOCALE_TAGS[locale]) + name.slice(1);
}
