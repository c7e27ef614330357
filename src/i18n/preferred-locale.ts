import { readCookie, writeCookie } from '../shared/cookies.ts';
import { FALLBACK_LOCALE, isLocale, type Locale } from './locales.ts';

const LOCALE_COOKIE = 'locale';

/** The value of the `locale` cookie, when it names a supported locale. */
export function localeFromCookie(cookieHeader: string): Locale | null {
  const value = readCookie(cookieHeader, LOCALE_COOKIE);
  return isLocale(value) ? value : null;
}

/** The first of the browser's languages we speak: `uk-UA` counts as `uk`. */
export function localeFromLanguages(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const base = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(base)) return base;
  }
  return null;
}

/**
 * Where a visitor without a language in the URL is sent: a choice they made before (the cookie)
 * beats what the browser asks for, and English is the fallback.
 */
export function pickPreferredLocale(source: { cookie: string; languages: readonly string[] }): Locale {
  return localeFromCookie(source.cookie) ?? localeFromLanguages(source.languages) ?? FALLBACK_LOCALE;
}

/** The preferred locale of this browser right now. */
export function browserPreferredLocale(): Locale {
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  return pickPreferredLocale({ cookie: document.cookie, languages });
}

/** Remembered for a year, for the next visit to a path without a language. */
export function writeLocaleCookie(locale: Locale): void {
  writeCookie(LOCALE_COOKIE, locale);
}

/** `/` and `/{lang}` both land on the student page of a language. */
export function homeRedirectTarget(pathname: string, preferred: Locale): string | null {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed === '') return `/${preferred}/student`;
  const lang = trimmed.slice(1);
  if (isLocale(lang)) return `/${lang}/student`;
  return null;
}

/**
 * A path without a language prefix (`/student`, `/test/triangles?x=1`), under the preferred
 * language; `/` goes straight to the student page rather than through `/{lang}`.
 */
export function prefixedPath(pathname: string, search: string, hash: string, preferred: Locale): string {
  const path = pathname === '/' || pathname === '' ? '/student' : pathname;
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  return `/${preferred}${path}${query}${hash}`;
}
