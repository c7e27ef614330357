/**
 * Starts the service worker and the update checks once the page has loaded: in production builds
 * only (never under `vite` dev or vitest). The code for it comes in a chunk of its own.
 */
export function startPwa(): void {
  if (!import.meta.env.PROD || typeof window === 'undefined') return;
  const start = () => {
    import('./register.ts')
      .then(({ startUpdates }) => startUpdates())
      .catch((error: unknown) => console.warn('Zalik could not start its update checks', error));
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
