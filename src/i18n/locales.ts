// The locale module alone, not the contract's index: the index drags every API struct into the first load.
import { FALLBACK_LOCALE, isLocale, LOCALE_TAGS, LOCALES, type Locale } from '../../contract/locale.ts';

export { FALLBACK_LOCALE, isLocale, LOCALE_TAGS, LOCALES, type Locale };

/** Matches the `/{lang}` prefix that every page lives under. */
export const LOCALE_PREFIX = new RegExp(`^/(?<lang>${LOCALES.join('|')})(?=/|$)`);

/** The locale a path starts with, if any: `/pl/student` gives `pl`. */
export function localeFromPath(pathname: string): Locale | null {
  const lang = LOCALE_PREFIX.exec(pathname)?.groups?.lang;
  return isLocale(lang) ? lang : null;
}

/**
 * Each language's name in that language. They read the same whatever the interface language is,
 * so they are data, not catalog messages (and need no Intl data the device may lack).
 */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  uk: 'Українська',
  en: 'English',
  ru: 'Русский',
  pl: 'Polski',
};

/** The language switcher's order: Ukrainian, English, Polish, Russian. */
export const SWITCHER_ORDER: readonly Locale[] = ['uk', 'en', 'pl', 'ru'];
