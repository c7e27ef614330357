import { FALLBACK_LOCALE, isLocale, type Locale } from './locales.ts';

export const LOCALE_COOKIE = 'locale';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The value of the `locale` cookie, when it names a supported locale. */
export function localeFromCookie(cookieHeader: string): Locale | null {
  for (const pair of cookieHeader.split(';')) {
    const [name, ...rest] = pair.split('=');
    if (name?.trim() !== LOCALE_COOKIE) continue;
    const value = decodeURIComponent(rest.join('=').trim());
    return isLocale(value) ? value : null;
  }
  return null;
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

export function writeLocaleCookie(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser yet.
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${YEAR_SECONDS}; samesite=lax`;
}

/** `/` and `/{lang}` both land on the student page of a language. */
export function homeRedirectTarget(pathname: string, preferred: Locale): string | null {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed === '') return `/${preferred}/student`;
  const lang = trimmed.slice(1);
  if (isLocale(lang)) return `/${lang}/student`;
  return null;
}
