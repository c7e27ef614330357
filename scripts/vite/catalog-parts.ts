/**
 * Compiles one part of a locale's .po catalog (see app-shell/catalog-parts.ts) when the app imports
 * `locales/{locale}/messages.po?part=shell` or `?part=pages`. The Lingui plugin still compiles a
 * plain `messages.po` import whole (tests use it); this one splits by the `#:` origins that
 * `lingui extract` writes.
 */
import { relative } from 'node:path';
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import type { Plugin } from 'vite';
import { type CatalogPart, partOfMessage } from '../../app-shell/catalog-parts.ts';

const PART_QUERY = /\.po\?part=(shell|pages)$/;

export function catalogParts(): Plugin {
  const config = getConfig({ cwd: process.cwd() });
  return {
    name: 'zalik:catalog-parts',
    async transform(_source, id) {
      const match = PART_QUERY.exec(id);
      if (!match) return null;
      const part = match[1] as CatalogPart;
      const file = id.slice(0, id.indexOf('?'));
      const { rootDir, fallbackLocales, sourceLocale } = config;
      const found = getCatalogForFile(relative(rootDir ?? process.cwd(), file), await getCatalogs(config));
      if (!found) throw new Error(`${file} is not one of the catalogs of lingui.config.ts`);
      const { locale, catalog } = found;
      this.addWatchFile(file);

      const entries = (await catalog.read(locale)) ?? {};
      const { messages } = await catalog.getTranslations(locale, {
        fallbackLocales: fallbackLocales || {},
        sourceLocale: sourceLocale ?? 'en',
      });
      const inPart = Object.fromEntries(
        Object.entries(messages).filter(([messageId]) => partOfMessage(entries[messageId]?.origin ?? []) === part),
      );
      const { source, errors } = createCompiledCatalog(locale, inPart, { namespace: 'es' });
      if (errors.length > 0) {
        throw new Error(`${file} (${part}): ${errors.map((error) => `${error.id}: ${error.error}`).join('; ')}`);
      }
      return { code: source, map: null, moduleType: 'js' };
    },
  };
}
