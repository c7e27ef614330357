/**
 * The built service worker's precache list and navigation fallback. Reads dist/ as `vite build`
 * leaves it, and builds it first (in a child process) when dist/sw.js is not there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NAVIGATION_DENYLIST } from '../../app-shell/cache-routes.ts';
import { pageModuleOf } from '../../app-shell/shell-preloads.ts';
import { type AppRouteName, matchAppPath } from '../../contract/app-routes.ts';
import { type PrecacheEntry, readPrecacheEntries } from './precache.ts';

const root = resolve(import.meta.dirname, '../..');
const dist = join(root, 'dist');

let entries: PrecacheEntry[] = [];
let urls: string[] = [];
let swSource = '';

beforeAll(() => {
  if (!existsSync(join(dist, 'sw.js')) || !existsSync(join(dist, 'build.json'))) {
    console.info('dist/sw.js is missing: running `vite build` first');
    // Vitest's NODE_ENV=test would make a development build: the build gets a clean production env.
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
    execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
      cwd: root,
      env: { ...env, NODE_ENV: 'production' },
      stdio: 'inherit',
      timeout: 240_000,
    });
  }
  swSource = readFileSync(join(dist, 'sw.js'), 'utf8');
  entries = readPrecacheEntries(dist);
  urls = entries.map((entry) => entry.url);
}, 300_000);

describe('the service worker precache (dist/sw.js)', () => {
  it('has the shell: index.html, the web manifest and the icons', () => {
    expect(urls).toContain('index.html');
    expect(urls).toContain('manifest.webmanifest');
    expect(urls).toEqual(
      expect.arrayContaining([
        'favicon.svg',
        'icons/icon-192.png',
        'icons/icon-512.png',
        'icons/icon-maskable-512.png',
      ]),
    );
  });

  it('has the answer-writing worker, so a test resumed offline still stores answers off the page', () => {
    expect(urls.filter((url) => /^assets\/answer-store-worker-[\w-]+\.js$/.test(url))).toHaveLength(1);
  });

  it('has every built JS and CSS file (all pages, all four catalogs)', () => {
    const assets = readdirSync(join(dist, 'assets'))
      .filter((name) => /\.(?:js|css)$/.test(name))
      .map((name) => `assets/${name}`);
    expect(assets.length).toBeGreaterThan(0);
    expect(urls).toEqual(expect.arrayContaining(assets));
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    for (const locale of ['uk', 'en', 'ru', 'pl']) {
      for (const part of ['shell', 'pages']) {
        expect(urls, `${locale} ${part}`).toContain(manifest[`locales/${locale}/messages.po?part=${part}`]?.file);
      }
    }
  });

  it('has no API URL, no build.json and no source maps', () => {
    expect(urls.filter((url) => /(?:^|\/)v1(?:\/|$)/.test(url))).toEqual([]);
    expect(urls).not.toContain('build.json');
    expect(urls.filter((url) => url.endsWith('.map'))).toEqual([]);
  });

  it('lists only files that exist, hashed assets without a revision of their own', () => {
    for (const entry of entries) {
      expect(existsSync(join(dist, entry.url)), entry.url).toBe(true);
      if (!entry.url.startsWith('assets/')) expect(entry.revision, entry.url).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('keeps /v1/ (and /docs/) out of the navigation fallback', () => {
    expect(NAVIGATION_DENYLIST.some((pattern) => pattern.test('/v1/public/subjects/list'))).toBe(true);
    expect(NAVIGATION_DENYLIST.some((pattern) => pattern.test('/docs/terms-en.html'))).toBe(true);
    // The built worker carries the same patterns.
    for (const pattern of NAVIGATION_DENYLIST) expect(swSource).toContain(pattern.source);
  });

  it('writes build.json for update checks', () => {
    const info = JSON.parse(readFileSync(join(dist, 'build.json'), 'utf8')) as { version: unknown; builtAt: unknown };
    expect(typeof info.version).toBe('string');
    expect(Number.isNaN(Date.parse(String(info.builtAt)))).toBe(false);
  });
});

describe("the server's preloads (server/services/platform/app-shell.ts) against this build", () => {
  it('name a page module of the build for every route', () => {
    const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, unknown>;
    const paths: Record<Exclude<AppRouteName, 'home'>, string> = {
      student: '/en/student',
      tutor: '/en/tutor',
      'test-role': '/en/test-student/a/b',
      test: '/en/test/x',
      'results-preview': '/en/test/x/results-preview',
      contacts: '/en/contacts',
      account: '/en/account',
      'account-passed-tests': '/en/account/passed-tests',
      'account-passed-test': '/en/account/passed-test-0b9f1c9e-3f4a-4c55-9d0e-2a1b3c4d5e6f',
      'google-callback': '/en/login/google/callback',
      'tutor-test': '/en/tutor/tests/0b9f1c9e-3f4a-4c55-9d0e-2a1b3c4d5e6f',
      'tutor-assignments': '/en/tutor/assignments/0b9f1c9e-3f4a-4c55-9d0e-2a1b3c4d5e6f/results',
      assignment: '/en/a/ABCD2345',
      verify: '/en/verify',
    };
    for (const path of [...Object.values(paths), '/en/test-student', '/en/test-student/a', '/en/lti', '/en/nope']) {
      const module = pageModuleOf(matchAppPath(path));
      expect(module && manifest[module], path).toBeTruthy();
    }
  });
});
