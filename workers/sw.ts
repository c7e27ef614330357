/**
 * Zalik's service worker (vite-plugin-pwa injectManifest: built to dist/sw.js, its precache list
 * injected at `self.__WB_MANIFEST`). Updates are prompt-style: a new worker installs, then waits
 * until the page posts {type: 'SKIP_WAITING'} (src/shared/pwa), and claims the open pages on activate.
 */

import preloadTable from 'virtual:zalik-shell-preloads';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { apiOrigin } from '../app-shell/api-origin.ts';
import {
  CACHE_NAMES,
  CATALOG_CACHE_LIMITS,
  catalogCacheKey,
  DOCS_CACHE_LIMITS,
  isCatalogRead,
  isDocsRead,
  isRetiredCache,
  isTestBlockRead,
  isTestImageRead,
  isTestPayloadRead,
  LANGUAGE_HEADER,
  NAVIGATION_DENYLIST,
  TEST_BLOCKS_CACHE_LIMITS,
  TEST_IMAGES_CACHE_LIMITS,
  TEST_PAYLOADS_CACHE_LIMITS,
} from '../app-shell/cache-routes.ts';
import { type ShellRenderer, shellRenderer } from '../app-shell/shell-preloads.ts';
import { OUTBOX_CHANGED_MESSAGE, OUTBOX_SYNC_TAG, withOutboxLock } from '../offline-queue/background-sync.ts';
import { openOfflineDb } from '../offline-queue/db.ts';
import { createOutboxSender } from '../offline-queue/sender.ts';
import { fetchTransport } from '../offline-queue/transport.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** The API's origin: this worker's own, unless the build names another (app-shell/api-origin.ts). */
const api = apiOrigin(self.location.origin);

// The shell: index.html, every JS and CSS chunk (all pages, all four catalogs), icons, manifest.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// App routes open from the precached shell, online or not, with the route's code and catalog
// announced as the server would (app-shell/shell-preloads.ts); the API and the docs never get it.
const precachedShell = createHandlerBoundToURL('index.html');
let shells: { template: string; renderer: ShellRenderer } | null = null;
registerRoute(
  new NavigationRoute(
    async (options) => {
      const response = await precachedShell(options);
      if (!response.ok) return response;
      const template = await response.text();
      if (shells?.template !== template)
        shells = { template, renderer: shellRenderer(template, preloadTable, { runningTest: true }) };
      // The body is new text: the stored copy's length and encoding no longer describe it.
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      headers.delete('content-encoding');
      // Always 200, as before: the page itself shows a 404 for a path outside the routes.
      return new Response(shells.renderer.render(options.url.pathname).html, { headers });
    },
    { denylist: NAVIGATION_DENYLIST },
  ),
);

const catalogLanguageKey: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => catalogCacheKey(request.url, request.headers.get(LANGUAGE_HEADER)),
};

registerRoute(
  ({ url, request }) => isCatalogRead(url, request.method, api),
  new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.catalog,
    plugins: [catalogLanguageKey, new ExpirationPlugin({ ...CATALOG_CACHE_LIMITS, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url, request }) => isDocsRead(url, request.method, self.location.origin),
  new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.docs,
    plugins: [new ExpirationPlugin({ ...DOCS_CACHE_LIMITS, purgeOnQuotaError: true })],
  }),
);

// A running test's questions: fresh when online, this copy when not (IndexedDB holds another).
registerRoute(
  ({ url, request }) => isTestBlockRead(url, request.method, api),
  new NetworkFirst({
    cacheName: CACHE_NAMES.testBlocks,
    networkTimeoutSeconds: 10,
    plugins: [new ExpirationPlugin({ ...TEST_BLOCKS_CACHE_LIMITS, purgeOnQuotaError: true })],
  }),
);

// A test's sealed payload never changes at its address: fetched on the preview page, it is here
// when the start's answer brings its key, however busy the server is at that moment.
registerRoute(
  ({ url, request }) => isTestPayloadRead(url, request.method, api),
  new CacheFirst({
    cacheName: CACHE_NAMES.testPayloads,
    plugins: [new ExpirationPlugin({ ...TEST_PAYLOADS_CACHE_LIMITS, purgeOnQuotaError: true })],
  }),
);

// A test's images never change at their address: once here, always from here. Stored when the
// test's blocks are (the page asks for them then), so an offline taker sees them too.
registerRoute(
  ({ url, request }) => isTestImageRead(url, request.method, api),
  new CacheFirst({
    cacheName: CACHE_NAMES.images,
    // Only a 200 is kept (Workbox's rule for every strategy): a 404 is asked again next time.
    plugins: [new ExpirationPlugin({ ...TEST_IMAGES_CACHE_LIMITS, purgeOnQuotaError: true })],
  }),
);

/**
 * Background Sync: when the connection is back the browser wakes this worker, which sends the
 * outbox itself, with the session tokens kept in IndexedDB beside the answers. Sending here rather
 * than messaging a page means answers leave even when the test's tab was closed. A failed round
 * throws, so the browser tries again later with its own backoff.
 */
async function sendOutbox(): Promise<void> {
  const db = openOfflineDb();
  try {
    const sender = createOutboxSender({
      db,
      transport: fetchTransport(api),
      exclusive: withOutboxLock,
      // The browser schedules the next round, not a timer in a worker that may be stopped.
      setTimer: () => null,
    });
    const outcome = await sender.drain();
    const pages = await self.clients.matchAll({ type: 'window' });
    for (const page of pages) page.postMessage({ type: OUTBOX_CHANGED_MESSAGE });
    if (outcome === 'retry') throw new Error('The outbox is not empty yet');
  } finally {
    db.close();
  }
}

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(sendOutbox());
});

// No skipWaiting() on install: the page decides when the new version takes over.
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

self.addEventListener('activate', (event) => {
  const activate = event as ExtendableEvent;
  activate.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter(isRetiredCache).map((name) => caches.delete(name)))),
  );
});

clientsClaim();
