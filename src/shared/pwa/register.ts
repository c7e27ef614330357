/**
 * Service worker registration and update checks. Loaded by start.ts after the page has loaded, in
 * production builds only. It speaks to the worker with the plain ServiceWorker API: workbox-window
 * would cost the first visit 2.8 KB of gzipped JavaScript for the three events used here.
 */
import { LANGUAGE_HEADER } from '../../../contract/paths.ts';
import { isCatalogRead } from '../../../workers/routes.ts';
import { apiLanguage } from '../api/index.ts';
import { fetchLatestBuild, isNewerBuild } from './build-info.ts';
import { updateStore } from './update-store.ts';

/** Look for a newer build this often while the page stays open. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** Coming back to the tab checks again, but not more often than this. */
export const MIN_CHECK_GAP_MS = 60 * 1000;

const reload = () => window.location.reload();

/**
 * On a first visit the page reads the catalog before its new worker takes over, so the worker never
 * saw those answers: it is asked to fetch and cache them now (workbox-routing's CACHE_URLS message),
 * in the page's language, so the same page opens offline next time.
 */
function cacheWhatThePageRead(worker: ServiceWorker | null | undefined): void {
  const read = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => isCatalogRead(new URL(name), 'GET', window.location.origin));
  if (!worker || read.length === 0) return;
  const init = { headers: { [LANGUAGE_HEADER]: apiLanguage() } };
  const urlsToCache = [...new Set(read)].map((url) => [url, init]);
  worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
}

/** Offers the waiting worker: "Update now" tells it to take over (workers/sw.ts waits for this). */
function offerWaiting(registration: ServiceWorkerRegistration, onTakeover: () => void): void {
  updateStore.offer(() => {
    const waiting = registration.waiting;
    if (!waiting) return reload();
    onTakeover();
    waiting.postMessage({ type: 'SKIP_WAITING' });
  });
}

/** Watches a registration for a new worker that has installed while an older one controls the page. */
function watchForUpdates(registration: ServiceWorkerRegistration, onTakeover: () => void): void {
  const offerOnceInstalled = (worker: ServiceWorker) => {
    const settle = () => {
      // No controller means this is the first worker: it takes over by itself (clients.claim).
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offerWaiting(registration, onTakeover);
    };
    if (worker.state === 'installed') settle();
    else worker.addEventListener('statechange', settle);
  };
  if (registration.waiting) offerOnceInstalled(registration.waiting);
  registration.addEventListener('updatefound', () => {
    if (registration.installing) offerOnceInstalled(registration.installing);
  });
}

export function startUpdates(): void {
  const container = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  let registration: ServiceWorkerRegistration | undefined;
  let takeoverAsked = false;

  if (container) {
    const controlledAtStart = container.controller !== null;
    container.addEventListener('controllerchange', () => {
      // Ours: the worker we asked to take over now controls the page, so reload onto the new build.
      if (takeoverAsked) return reload();
      // Another tab let a new worker take over: this page still runs the old build.
      if (controlledAtStart) updateStore.offer(reload);
      else cacheWhatThePageRead(container.controller);
    });
  }

  let lastCheck = 0;
  const check = async () => {
    lastCheck = Date.now();
    await registration?.update().catch(() => undefined);
    const latest = await fetchLatestBuild();
    if (!isNewerBuild(latest)) return;
    // With a worker in control, its own update (above) brings the prompt; a reload before it has
    // installed would only bring back the old shell from its cache.
    if (container?.controller) return;
    updateStore.offer(reload);
  };
  const checkSoon = () => {
    if (Date.now() - lastCheck >= MIN_CHECK_GAP_MS) void check();
  };

  setInterval(() => void check(), UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkSoon();
  });

  if (!container) {
    void check();
    return;
  }
  container
    .register(`${import.meta.env.BASE_URL}sw.js`)
    .then((registered) => {
      registration = registered;
      watchForUpdates(registered, () => {
        takeoverAsked = true;
      });
    })
    .catch((error: unknown) => console.warn('Zalik could not register its service worker', error))
    .finally(() => void check());
}
