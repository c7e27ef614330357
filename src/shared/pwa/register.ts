/**
 * Service worker registration and update checks, through workbox-window. Loaded by start.ts after
 * the page has loaded (after its first paint), in production builds only, so that its 3 KB do not
 * stand between a first visit and the first screen.
 *
 * Updates are prompt-style: a new worker installs and waits; the page offers it, and only "Update
 * now" (with no running test or unsent answer in the way, see update-store.ts) tells it to take
 * over, after which the page reloads once onto the new build.
 */
import { Workbox } from 'workbox-window';
import { apiOrigin } from '../../../app-shell/api-origin.ts';
import { isCatalogRead } from '../../../app-shell/cache-routes.ts';
import { LANGUAGE_HEADER } from '../../../contract/endpoint.ts';
import { apiLanguage } from '../api/index.ts';
import { fetchLatestBuild, isNewerBuild } from './build-info.ts';
import { updateStore } from './update-store.ts';

/** Look for a newer build this often while the page stays open. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** Coming back to the tab checks again, but not more often than this. */
const MIN_CHECK_GAP_MS = 60 * 1000;

const reload = () => window.location.reload();

/**
 * On a first visit the page reads the catalog before its new worker takes over, so the worker never
 * saw those answers: it is asked to fetch and cache them now (workbox-routing's CACHE_URLS message),
 * in the page's language, so the same page opens offline next time.
 */
function cacheWhatThePageRead(workbox: Workbox): void {
  const read = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => isCatalogRead(new URL(name), 'GET', apiOrigin(window.location.origin)));
  if (read.length === 0) return;
  const init = { headers: { [LANGUAGE_HEADER]: apiLanguage() } };
  const urlsToCache = [...new Set(read)].map((url) => [url, init]);
  void workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache } }).catch(() => undefined);
}

/** Wires a Workbox to the update prompt; returns how to look for an update. */
export function watchWorker(workbox: Workbox, controlled: () => boolean): () => Promise<unknown> {
  let takeoverAsked = false;
  // A new worker waits (workers/sw.ts never skips waiting by itself): the person decides.
  workbox.addEventListener('waiting', () => {
    // No controller means this is the first worker: it takes over by itself (clients.claim).
    if (!controlled()) return;
    updateStore.offer(() => {
      takeoverAsked = true;
      workbox.messageSkipWaiting();
    });
  });
  workbox.addEventListener('controlling', (event) => {
    // Ours: the worker we asked to take over now controls the page, so reload onto the new build.
    if (takeoverAsked) return reload();
    // Another tab let a new worker take over: this page still runs the old build.
    if (event.isUpdate) updateStore.offer(reload);
    else cacheWhatThePageRead(workbox);
  });
  return () => workbox.update();
}

export function startUpdates(): void {
  const supported = 'serviceWorker' in navigator;
  const workbox = supported ? new Workbox(`${import.meta.env.BASE_URL}sw.js`) : null;
  const lookForWorkerUpdate = workbox ? watchWorker(workbox, () => navigator.serviceWorker.controller !== null) : null;

  let lastCheck = 0;
  const check = async () => {
    lastCheck = Date.now();
    await lookForWorkerUpdate?.().catch(() => undefined);
    const latest = await fetchLatestBuild();
    if (!isNewerBuild(latest)) return;
    // With a worker in control, its own update (above) brings the prompt; a reload before it has
    // installed would only bring back the old shell from its cache.
    if (supported && navigator.serviceWorker.controller) return;
    updateStore.offer(reload);
  };
  const checkSoon = () => {
    if (Date.now() - lastCheck >= MIN_CHECK_GAP_MS) void check();
  };

  setInterval(() => void check(), UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkSoon();
  });

  if (!workbox) {
    void check();
    return;
  }
  // `immediate`: this module itself is only loaded once the page has loaded.
  workbox
    .register({ immediate: true })
    .catch((error: unknown) => console.warn('Zalik could not register its service worker', error))
    .finally(() => void check());
}
