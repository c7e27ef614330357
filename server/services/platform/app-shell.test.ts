import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAppShell } from './app-shell.ts';

function fakeDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'zalik-shell-'));
  mkdirSync(join(dist, '.vite'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Z</title></head><body></body></html>',
  );
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
    '_react-1.js': { file: 'assets/react-1.js' },
    '_meta-1.js': { file: 'assets/meta-1.js', imports: ['index.html'] },
    'src/features/landing/AudiencePage.tsx': {
      file: 'assets/Audience-1.js',
      imports: ['index.html', '_meta-1.js'],
      assets: ['assets/hero-1.svg', 'assets/notes-1.txt'],
    },
    'src/features/test-taking/TestPage.tsx': { file: 'assets/Test-1.js', imports: ['index.html', '_react-1.js'] },
    'src/features/errors/ErrorPage.tsx': { file: 'assets/Error-1.js', imports: ['index.html'] },
    'locales/uk/messages.po?part=shell': { file: 'assets/messages-uk-shell.js' },
    'locales/uk/messages.po?part=pages': { file: 'assets/messages-uk-pages.js' },
    'locales/pl/messages.po?part=shell': { file: 'assets/messages-pl-shell.js' },
    'locales/pl/messages.po?part=pages': { file: 'assets/messages-pl-pages.js' },
  };
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

const preloads = (html: string) =>
  [...html.matchAll(/rel="modulepreload" crossorigin href="\/([^"]+)"/g)].map((m) => m[1]);

describe('the app shell for a path', () => {
  const shell = loadAppShell(fakeDist());

  it('preloads a landing page with its imports and the shell part of its language only', () => {
    const { status, html } = shell?.render('/uk/student') ?? { status: 0, html: '' };
    expect(status).toBe(200);
    expect(preloads(html)).toEqual(['assets/messages-uk-shell.js', 'assets/Audience-1.js', 'assets/meta-1.js']);
    expect(html).toContain('<html lang="uk-UA"');
    // Its hero art, the largest thing it paints, comes beside the scripts; other assets do not.
    expect(html).toContain('<link rel="preload" as="image" fetchpriority="high" href="/assets/hero-1.svg">');
    expect(html).not.toContain('notes-1.txt');
  });

  it('adds the pages part of the catalog for a page outside the shell, never the entry or what it preloads', () => {
    const { html } = shell?.render('/pl/test/linear-equations') ?? { html: '' };
    expect(preloads(html)).toEqual(['assets/messages-pl-shell.js', 'assets/messages-pl-pages.js', 'assets/Test-1.js']);
    expect(html).toContain('<html lang="pl-PL"');
  });

  it('answers a path outside the routes with 404 and the error page preloaded', () => {
    const { status, html } = shell?.render('/uk/test-teacher') ?? { status: 0, html: '' };
    expect(status).toBe(404);
    expect(preloads(html)).toEqual(['assets/messages-uk-shell.js', 'assets/Error-1.js']);
  });

  it('leaves a path without a language as it is: the client picks the language', () => {
    const { status, html } = shell?.render('/student') ?? { status: 0, html: '' };
    expect(status).toBe(200);
    expect(preloads(html)).toEqual(['assets/Audience-1.js', 'assets/meta-1.js']);
    expect(html).toContain('href="/assets/hero-1.svg"');
    expect(html).toContain('<html lang="en"');
  });

  it('is absent when there is no built app', () => {
    expect(loadAppShell(mkdtempSync(join(tmpdir(), 'zalik-empty-')))).toBeNull();
  });
});
