/**
 * Counts what the page is waiting for (a route change settling, a lazy page's code, a catalog).
 * The bar shows while anything is pending; every `startProgress` hands back its own `done`.
 */
let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function startProgress(): () => void {
  pending += 1;
  emit();
  let finished = false;
  return () => {
    if (finished) return;
    finished = true;
    pending -= 1;
    emit();
  };
}

/** Waits for a promise with the bar showing. */
export function trackProgress<T>(promise: Promise<T>): Promise<T> {
  const done = startProgress();
  return promise.finally(done);
}

export function isPageLoading(): boolean {
  return pending > 0;
}

export function subscribeProgress(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
