/**
 * Starts the service worker and the update checks once the page has loaded and painted its first
 * content: in production builds only (never under `vite` dev or vitest). The code for it comes in a
 * chunk of its own, so a first visit fetches it only after its first screen is up. The load event
 * alone is not enough: the page waits for its route's code before it renders (main.tsx), so the
 * load can come first.
 */

/** A page that paints nothing (a tab opened in the background) still registers, this long after load. */
const PAINT_WAIT_LIMIT_MS = 10_000;

function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (performance.getEntriesByName('first-contentful-paint').length > 0) return resolve();
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

export function startPwa(): void {
  if (!import.meta.env.PROD || typeof window === 'undefined') return;
  const painted = firstContentfulPaint();
  void loaded()
    .then(() => Promise.race([painted, new Promise((resolve) => setTimeout(resolve, PAINT_WAIT_LIMIT_MS))]))
    .then(() => import('./register.ts'))
    .then(({ startUpdates }) => startUpdates())
    .catch((error: unknown) => console.warn('Zalik could not start its update checks', error));
}
