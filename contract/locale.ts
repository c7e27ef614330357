/** Interface and content languages. English is the fallback everywhere. */
export const LOCALES = ['uk', 'en', 'ru', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en';

/** BCP 47 tags for `<html lang>` and Intl: each language with the country it is written for. */
export const LOCALE_TAGS: Record<Locale, string> = {
  uk: 'uk-UA',
  en: 'en-US',
  ru: 'ru-RU',
  pl: 'pl-PL',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Picks a supported locale from a header or cookie value such as `pl`, `pl-PL` or `uk-UA,uk;q=0.9`. */
export function pickLocale(value: string | null | undefined): Locale {
  if (!value) return FALLBACK_LOCALE;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().slice(0, 2);
    if (isLocale(tag)) return tag;
  }
  return FALLBACK_LOCALE;
}
