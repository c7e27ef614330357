/**
 * Zalik's service worker (vite-plugin-pwa injectManifest: built to dist/sw.js, its precache list
 * injected at `self.__WB_MANIFEST`). Updates are prompt-style: a new worker installs, then waits
 * until the page posts {type: 'SKIP_WAITING'} (src/shared/pwa), and claims the open pages on activate.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import {
  CACHE_NAMES,
  CATALOG_CACHE_LIMITS,
  catalogCacheKey,
  DOCS_CACHE_LIMITS,
  isCatalogRead,
  isDocsRead,
  LANGUAGE_HEADER,
  NAVIGATION_DENYLIST,
} from './routes.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// The shell: index.html, every JS and CSS chunk (all pages, all four catalogs), icons, manifest.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// App routes open offline from the precached shell; the API and the docs never get it.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: NAVIGATION_DENYLIST }));

const catalogLanguageKey: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => catalogCacheKey(request.url, request.headers.get(LANGUAGE_HEADER)),
};

registerRoute(
  ({ url, request }) => isCatalogRead(url, request.method, self.location.origin),
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

// No skipWaiting() on install: the page decides when the new version takes over.
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

clientsClaim();
