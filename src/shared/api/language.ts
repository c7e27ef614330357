import { FALLBACK_LOCALE, type Locale } from '../../i18n/locales.ts';

let current: Locale = FALLBACK_LOCALE;

/**
 * The interface locale sent as `application-language`. Set from the URL as soon as it changes,
 * before the new catalog has loaded, so content never comes back in the previous language.
 */
export function setApiLanguage(locale: Locale): void {
  current = locale;
}

export function apiLanguage(): Locale {
  return current;
}
