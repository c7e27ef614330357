import { i18n, type Messages } from '@lingui/core';
import type { CatalogPart } from '../../app-shell/catalog-parts.ts';
import { LOCALE_TAGS, type Locale } from './locales.ts';

type CatalogModule = Promise<{ messages: Messages }>;

// Written out, not a template: each part of each locale is a chunk of its own (scripts/vite/catalog-parts.ts).
const IMPORTERS: Record<Locale, Record<CatalogPart, () => CatalogModule>> = {
  uk: {
    shell: () => import('../../locales/uk/messages.po?part=shell'),
    pages: () => import('../../locales/uk/messages.po?part=pages'),
  },
  en: {
    shell: () => import('../../locales/en/messages.po?part=shell'),
    pages: () => import('../../locales/en/messages.po?part=pages'),
  },
  ru: {
    shell: () => import('../../locales/ru/messages.po?part=shell'),
    pages: () => import('../../locales/ru/messages.po?part=pages'),
  },
  pl: {
    shell: () => import('../../locales/pl/messages.po?part=shell'),
    pages: () => import('../../locales/pl/messages.po?part=pages'),
  },
};

/** One part of a locale's catalog, as compiled: its messages, not loaded anywhere (see catalog-of.ts). */
export const catalogPart = (locale: Locale, part: CatalogPart): CatalogModule => IMPORTERS[locale][part]();

const loaded = new Map<string, Promise<void>>();
/** Set once any page beyond the shell has asked for its messages: later languages load them too. */
let pagesWanted = false;

function load(locale: Locale, part: CatalogPart): Promise<void> {
  const key = `${locale}:${part}`;
  let loading = loaded.get(key);
  if (!loading) {
    loading = catalogPart(locale, part).then(({ messages }) => {
      // Lingui's load merges, so the two parts of a locale add up to its whole catalog.
      i18n.load(locale, messages);
    });
    // A failed chunk may be fetched again on the next call.
    loading.catch(() => loaded.delete(key));
    loaded.set(key, loading);
  }
  return loading;
}

/**
 * Loads a locale's catalog (the shell part, and the pages part once any page needed it), switches
 * Lingui to it and tells the page which language it is in.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  await Promise.all([load(locale, 'shell'), pagesWanted ? load(locale, 'pages') : undefined]);
  if (i18n.locale !== locale) i18n.activate(locale);
  document.documentElement.lang = LOCALE_TAGS[locale];
}

/**
 * The messages of every page beyond the shell, in the active language. Each lazily loaded page or
 * component outside the shell (see app-shell/catalog-parts.ts) loads through this along with its code.
 */
function loadPagesCatalog(): Promise<void> {
  pagesWanted = true;
  const locale = i18n.locale as Locale;
  return locale ? load(locale, 'pages') : Promise.resolve();
}

/** `import()` of a module outside the shell, together with the messages it shows. */
export function withPagesCatalog<T>(importer: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([importer(), loadPagesCatalog()]).then(([module]) => module);
}
