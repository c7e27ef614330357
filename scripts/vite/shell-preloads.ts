/**
 * For the service worker's build (vite-plugin-pwa `buildPlugins`): the module
 * `virtual:zalik-shell-preloads`, this build's table of what each page and catalog part preloads
 * (app-shell/shell-preloads.ts), made from the manifest the app's build has just written. The worker
 * then answers navigations with the same preloads as the server.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { preloadTable, type ViteManifest } from '../../app-shell/shell-preloads.ts';

const ID = 'virtual:zalik-shell-preloads';
const RESOLVED = `\0${ID}`;

/**
 * Where the app's build writes (`--outDir` too, as the browser tests' own builds do): its plugin notes
 * the folder, for the worker's build that runs after it to read that build's manifest, not dist/'s.
 */
export function appOutDir(): { plugin: Plugin; outDir: () => string } {
  let outDir = 'dist';
  return {
    plugin: {
      name: 'zalik:app-out-dir',
      configResolved(config) {
        outDir = resolve(config.root, config.build.outDir);
      },
    },
    outDir: () => outDir,
  };
}

export function shellPreloadsModule(outDir: () => string = () => 'dist'): Plugin {
  return {
    name: 'zalik:shell-preloads',
    resolveId(id) {
      return id === ID ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      const manifestPath = join(outDir(), '.vite', 'manifest.json');
      // The app's build runs first and writes it (build.manifest in vite.config.ts).
      if (!existsSync(manifestPath))
        throw new Error(`${manifestPath} is missing: the service worker needs the app's build`);
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ViteManifest;
      return `export default ${JSON.stringify(preloadTable(manifest))};`;
    },
  };
}
