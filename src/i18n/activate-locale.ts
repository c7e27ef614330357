import { i18n } from '@lingui/core';
import { LOCALE_TAGS, type Locale } from './locales.ts';

const loaded = new Set<Locale>();

/**
 * Loads a locale's catalog (its own chunk, compiled from the .po file by the Lingui plugin),
 * switches Lingui to it and tells the page which language it is in.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  if (!loaded.has(locale)) {
    const { messages } = await import(`../../locales/${locale}/messages.po`);
    i18n.load(locale, messages);
    loaded.add(locale);
  }
  if (i18n.locale !== locale) i18n.activate(locale);
  document.documentElement.lang = LOCALE_TAGS[locale];
}
