import { type I18n, setupI18n } from '@lingui/core';
import { catalogPart } from './activate-locale.ts';
import type { Locale } from './locales.ts';

const made = new Map<Locale, Promise<I18n>>();

/**
 * A Lingui of its own holding `locale`'s whole catalog (both parts), for words said in another
 * language than the interface's: read-aloud speaks a test's labels in the test's language. The
 * app's own i18n stays in the interface's language. The chunks are the ones activateLocale loads
 * (precached by the service worker, so this works offline too).
 */
export function catalogOf(locale: Locale): Promise<I18n> {
  let making = made.get(locale);
  if (!making) {
    making = Promise.all([catalogPart(locale, 'shell'), catalogPart(locale, 'pages')]).then(([shell, pages]) =>
      setupI18n({ locale, messages: { [locale]: { ...shell.messages, ...pages.messages } } }),
    );
    // A failed chunk may be fetched again on the next call.
    making.catch(() => made.delete(locale));
    made.set(locale, making);
  }
  return making;
}
