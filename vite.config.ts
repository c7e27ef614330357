import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { API_BASE_PATTERN } from './app-shell/api-origin.ts';
import { catalogParts } from './scripts/vite/catalog-parts.ts';
import { precompressed } from './scripts/vite/precompress.ts';
import { appOutDir, shellPreloadsModule } from './scripts/vite/shell-preloads.ts';

/**
 * plugin-react v6 no longer runs Babel, so the Lingui macros get a Babel pass of their own
 * (the plugin is enforced "pre", so it sees JSX before it is compiled away). The filter keeps
 * every file that does not import a macro out of Babel, which is the slow part of a build.
 */
const linguiMacros = defineRolldownBabelPreset({
  preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
  rolldown: { filter: { code: /@lingui\/(?:core|react)\/macro/ } },
});

/** Modules the first page and nearly every other one need (see build.rolldownOptions below). */
const FRAMEWORK_MODULES =
  /node_modules\/(?:react|react-dom|scheduler|superstruct|wouter|regexparam|@lingui\/core|@lingui\/react)\/|vite\/preload-helper|\/api-client\/(?:call|api-error)\.ts|\/src\/shared\/api\/(?:api|language)\.ts|\/contract\/(?:endpoint|envelope|locale|structs|requests)\.ts|\/src\/shared\/auth\/token-store\.ts|\/src\/i18n\/(?:locales|counts|intl-cache|whole-numbers)\.ts|\/src\/shared\/ui\/(?:error-text\.ts|LoadingState\.tsx|ErrorState\.tsx)|\/src\/shared\/seo\/use-page-meta\.ts|\/src\/shared\/pwa\/(?:lazy-page|build-info|update-guard)\.ts/;

/**
 * What every page past the landing page shares (SWR, the lesson and session calls, dates,
 * breadcrumbs), in one chunk rather than the dozen small ones the bundler would make: each file is
 * a request, and on a phone each request also costs the page's main thread (Lighthouse counts it
 * under "Other"). The landing page needs none of it.
 */
const PAGES_KIT_MODULES =
  /node_modules\/(?:swr|dequal)\/|\/src\/shared\/api\/(?:swr-options|use-read)\.ts|\/src\/i18n\/format\.ts|\/src\/shared\/ui\/(?:Breadcrumbs|TableScroll)\.tsx|\/src\/features\/catalog\/(?:role-labels|catalog-crumbs)\.ts|\/src\/features\/test-taking\/(?:taking-api|resume\/stored-session|resume\/resume-early|resume\/taking-view-loader|offline\/load-offline-kit)\.ts|\/contract\/(?:online|session-requests|signals)\.ts|\/contract\/endpoints\/sessions\.ts/;

/**
 * The assignments' contract (its structs and endpoints) and the accommodation's badge the tutor's
 * pages share, in one chunk: the tutor's pages, the taker's and the LTI pages each import part of
 * it, which would otherwise split it into several files (each a name in the entry's list of chunks).
 */
const ASSIGNMENTS_CONTRACT_MODULES =
  /\/contract\/(?:assignments|assignment-results|hand-marking|accommodations|endpoints\/(?:assignments|assignment-results|accommodations))\.ts|\/src\/features\/accommodations\/AccommodationBadge\.tsx/;

/**
 * The catalog's cards and its contract, in one chunk: the landing page and every catalog page need
 * them, and as four small files each cost the first visit a request and gzip's overhead.
 */
const CATALOG_KIT_MODULES =
  /\/src\/features\/catalog\/(?:SubjectCards|CardLink)\.tsx|\/contract\/(?:catalog|endpoints\/catalog)\.ts/;

const api = { '/v1': { target: `http://127.0.0.1:${process.env.ZALIK_API_PORT ?? 3000}` } };

/** The commit being built, read from .git's files (no git binary needed); '' outside a checkout. */
function gitCommit(): string {
  try {
    const head = readFileSync(join('.git', 'HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head;
    const ref = head.slice('ref: '.length);
    const loose = join('.git', ref);
    if (existsSync(loose)) return readFileSync(loose, 'utf8').trim();
    const packed = readFileSync(join('.git', 'packed-refs'), 'utf8');
    return (
      packed
        .split('\n')
        .find((line) => line.endsWith(` ${ref}`))
        ?.split(' ')[0] ?? ''
    );
  } catch {
    return '';
  }
}

/**
 * One id per build: the commit (7 characters, as git abbreviates it) plus the build time, so two
 * builds of one commit still differ; short, as it is part of the first visit's JavaScript
 * (ZALIK_BUILD_VERSION overrides it). The app carries it as `__ZALIK_BUILD__`, and the build writes
 * it to /build.json, which a running app compares with its own to learn that a newer build is out.
 */
const builtAt = new Date();
const buildVersion =
  process.env.ZALIK_BUILD_VERSION ??
  [gitCommit().slice(0, 7), builtAt.getTime().toString(36)].filter(Boolean).join('-');

/**
 * ZALIK_API_BASE: the API's origin when the app is served apart from it (app-shell/api-origin.ts);
 * unset, the app calls its own origin. Anything but an origin stops the build, saying why.
 */
const apiBase = process.env.ZALIK_API_BASE?.trim() ?? '';
if (apiBase && !API_BASE_PATTERN.test(apiBase))
  throw new Error(`ZALIK_API_BASE must be an origin like https://api.school.example, got "${apiBase}"`);

function buildInfo(): Plugin {
  return {
    name: 'zalik:build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        // `api`: the server serving this build lets its pages reach that origin (server/app.ts).
        source: `${JSON.stringify({ version: buildVersion, builtAt: builtAt.toISOString(), api: apiBase || null })}\n`,
      });
    },
  };
}

/**
 * The service worker (workers/sw.ts, built to dist/sw.js) precaches the whole shell: every JS and CSS
 * file (all pages and all four compiled catalogs), index.html, the icons and the web manifest.
 * build.json is left out on purpose (it must always come from the network), and so are the docs,
 * which the worker caches at run time. Registration is the app's own (src/shared/pwa), prompt-style.
 */
const app = appOutDir();
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'workers',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  // One glob below picks up every file to precache, public/ icons included.
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Zalik',
    short_name: 'Zalik',
    description: 'Timed online tests for students and tutors, in Ukrainian, English, Russian and Polish.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // tokens.css: --bg (light), the colour behind the header and every page.
    theme_color: '#f6f4f0',
    background_color: '#f6f4f0',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  },
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,png,ico,webp,woff2}'],
    globIgnores: ['docs/**', 'build.json', '.vite/**'],
    // A classic worker: module service workers are not everywhere yet.
    rollupFormat: 'iife',
    sourcemap: false,
    buildPlugins: { vite: [shellPreloadsModule(app.outDir)] },
  },
  devOptions: { enabled: false },
});

// Vitest's client project extends this file, so it has to load there as well.
export default defineConfig({
  plugins: [
    react(),
    babel({ presets: [linguiMacros] }),
    lingui(),
    catalogParts(),
    buildInfo(),
    app.plugin,
    pwa,
    precompressed(),
  ],
  define: { __ZALIK_BUILD__: JSON.stringify(buildVersion), __ZALIK_API_BASE__: JSON.stringify(apiBase) },
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/shared/react/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  server: { proxy: api },
  preview: { proxy: api },
  // The answer store worker (workers/answer-store-worker.ts) starts as a module worker. Its bundle is built on
  // its own, with a copy of Dexie, and precached like every other asset.
  worker: { format: 'es' },
  // The manifest (dist/.vite/manifest.json) lets scripts/check-bundle.ts follow each chunk's imports.
  // Every browser Zalik supports (those with service workers and ES modules in workers) knows
  // modulepreload, so the polyfill would only add bytes to the first load.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What every page runs, in one chunk: left alone, the bundler splits it into several small
        // chunks (shared with lazy pages), each a request of its own that compresses worse.
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK_MODULES },
            { name: 'pages-kit', test: PAGES_KIT_MODULES, includeDependenciesRecursively: false },
            { name: 'assignments', test: ASSIGNMENTS_CONTRACT_MODULES, includeDependenciesRecursively: false },
            { name: 'catalog-kit', test: CATALOG_KIT_MODULES, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
