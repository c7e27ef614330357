/**
 * Background Sync between the page and the service worker. The worker sends the outbox itself
 * (workers/sw.ts runs the same sender over the same IndexedDB, with the session token kept there),
 * so answers leave even when the tab was closed before the connection came back. Page and worker
 * never send at the same time: both take the same Web Lock; and a repeat would be harmless anyway,
 * every answer carrying its own id and the finish being idempotent.
 */
export const OUTBOX_SYNC_TAG = 'zalik-outbox';
const OUTBOX_LOCK = 'zalik-outbox';
/** The worker's message to open pages after it sent something: re-read the outbox. */
export const OUTBOX_CHANGED_MESSAGE = 'zalik-outbox-changed';

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the browser to wake the service worker when the connection is back (Chromium only). */
export function requestBackgroundSync(): void {
  const container = globalThis.navigator?.serviceWorker;
  if (!container?.controller) return;
  container.ready
    .then((registration) => (registration as unknown as SyncRegistration).sync?.register(OUTBOX_SYNC_TAG))
    .catch(() => {
      // No permission or no support: the page's own triggers (online, load, visibility) remain.
    });
}

interface LockManagerLike {
  request<T>(name: string, run: () => Promise<T>): Promise<T>;
}

/** Runs `run` holding the outbox lock where Web Locks exist (pages and workers in current browsers). */
export function withOutboxLock<T>(run: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks ? locks.request(OUTBOX_LOCK, run) : run();
}
