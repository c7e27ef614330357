/**
 * Whether the header is the compact one-row header: while a test runs, on a phone above all, the
 * screen belongs to the test. The running test's view holds it on while it is mounted.
 */
import { useEffect, useSyncExternalStore } from 'react';

let holders = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of [...listeners]) listener();
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCompactHeader(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => holders > 0,
    () => false,
  );
}

/** Keeps the header compact while the calling component is mounted. */
export function useHoldCompactHeader(): void {
  useEffect(() => {
    holders += 1;
    notify();
    return () => {
      holders -= 1;
      notify();
    };
  }, []);
}
