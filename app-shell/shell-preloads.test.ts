import { describe, expect, it } from 'vitest';
import { preloadTable, shellRenderer, type ViteManifest } from './shell-preloads.ts';

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_framework-1.js'] },
  '_framework-1.js': { file: 'assets/framework-1.js' },
  '_kit-1.js': { file: 'assets/kit-1.js', imports: ['_framework-1.js'] },
  'src/features/test-taking/TestPage.tsx': { file: 'assets/Test-1.js', imports: ['index.html', '_kit-1.js'] },
  'src/features/test-taking/TakingView.tsx': {
    file: 'assets/TakingView-1.js',
    imports: ['_kit-1.js', '_runtime-1.js'],
  },
  'src/features/test-taking/offline/offline-kit.ts': { file: 'assets/offline-kit-1.js', imports: ['_runtime-1.js'] },
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  'locales/en/messages.po?part=shell': { file: 'assets/messages-en-shell.js' },
  'locales/en/messages.po?part=pages': { file: 'assets/messages-en-pages.js' },
};
const template = '<!doctype html><html lang="en"><head><title>Z</title></head><body></body></html>';
const preloads = (html: string) =>
  [...html.matchAll(/rel="modulepreload" crossorigin href="\/([^"]+)"/g)].map((m) => m[1]);

describe('shell preloads', () => {
  it('leaves the entry and what it imports to index.html', () => {
    expect(preloadTable(manifest)['src/features/test-taking/TestPage.tsx']).toEqual([
      'assets/Test-1.js',
      'assets/kit-1.js',
    ]);
  });

  it("preloads the running test's code on a lesson's page only when asked (the service worker asks)", () => {
    const table = preloadTable(manifest);
    const server = shellRenderer(template, table).render('/en/test/linear');
    expect(preloads(server.html)).toEqual([
      'assets/messages-en-shell.js',
      'assets/messages-en-pages.js',
      'assets/Test-1.js',
      'assets/kit-1.js',
    ]);
    const worker = shellRenderer(template, table, { runningTest: true });
    expect(preloads(worker.render('/en/test/linear').html)).toEqual([
      'assets/messages-en-shell.js',
      'assets/messages-en-pages.js',
      'assets/Test-1.js',
      'assets/kit-1.js',
      'assets/TakingView-1.js',
      'assets/runtime-1.js',
      'assets/offline-kit-1.js',
    ]);
    // Elsewhere the option changes nothing.
    expect(preloads(worker.render('/en/contacts').html)).toEqual([
      'assets/messages-en-shell.js',
      'assets/messages-en-pages.js',
    ]);
  });
});
