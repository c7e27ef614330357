import { lingui } from '@lingui/vite-plugin';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * plugin-react v6 no longer runs Babel, so the Lingui macros get a Babel pass of their own
 * (the plugin is enforced "pre", so it sees JSX before it is compiled away). The filter keeps
 * every file that does not import a macro out of Babel, which is the slow part of a build.
 */
const linguiMacros = defineRolldownBabelPreset({
  preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
  rolldown: { filter: { code: /@lingui\/(?:core|react)\/macro/ } },
});

const api = { '/v1': { target: `http://127.0.0.1:${process.env.ZALIK_API_PORT ?? 3000}` } };

// Vitest's client project extends this file, so it has to load there as well.
export default defineConfig({
  plugins: [react(), babel({ presets: [linguiMacros] }), lingui()],
  server: { proxy: api },
  preview: { proxy: api },
  build: { outDir: 'dist', sourcemap: true },
});
