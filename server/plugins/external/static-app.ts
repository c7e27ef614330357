/**
 * Serves the built PWA: hashed assets cached for a year, the shell and the service worker never
 * cached (so an update is seen at once), and index.html for app routes the server does not know.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const NEVER_CACHED = /(?:\.html|\/sw\.js|\.webmanifest|\/registerSW\.js|\/build\.json)$/;

/**
 * Only what the app needs leaves the build folder: not its dot folders (Vite's manifest in .vite/,
 * read by the server itself), not source maps, and not the .br/.gz copies by their own names (they
 * are sent for the file they compress, when the browser accepts them).
 */
function isServedPath(pathname: string): boolean {
  return !/(?:^|\/)\./.test(pathname) && !/\.(?:map|br|gz)$/.test(pathname);
}

function cacheControlFor(path: string): string {
  if (/\/assets\//.test(path)) return 'public, max-age=31536000, immutable';
  if (NEVER_CACHED.test(path)) return 'no-cache';
  return 'public, max-age=3600';
}

export default fp<{ root: string }>(
  async (app: FastifyInstance, { root }) => {
    if (!existsSync(join(root, 'index.html'))) {
      app.log.warn({ root }, 'no built app found: serving the API only (run `npm run build`)');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      cacheControl: false,
      // The build writes .br and .gz copies (scripts/vite/precompress.ts): sent as they are.
      preCompressed: true,
      etag: true,
      lastModified: true,
      setHeaders: (res, path) => res.setHeader('cache-control', cacheControlFor(path)),
      dotfiles: 'ignore',
      allowedPath: (pathname) => isServedPath(pathname),
    });
    app.decorate('serveAppShell', true);
  },
  { name: 'static-app' },
);

declare module 'fastify' {
  interface FastifyInstance {
    serveAppShell?: boolean;
  }
}
