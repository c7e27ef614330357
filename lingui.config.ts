import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * The default Lingui setup: macros in the source, English source text as message ids, one
 * gettext catalog per locale (@lingui/format-po, named since Lingui 6). The Vite plugin compiles the .po
 * files on import, so `lingui compile` is never needed.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['uk', 'en', 'ru', 'pl'],
  fallbackLocales: { default: 'en' },
  format: formatter(),
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/test/**'],
    },
  ],
});
