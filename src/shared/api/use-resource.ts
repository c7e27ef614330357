import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The landing page's reads (its texts and subjects, landing-api.ts): shared by every component that
 * asks under the same key, deduplicated in flight, fetched again in the background when a component
 * mounts and the data is older than a minute, and after an error only when the person asks (a
 * visible "Try again" instead of silent retries). The service worker answers them from its cache
 * when offline.
 *
 * Why not SWR here: the landing page is every new visitor's first, and SWR would add 4.5 KB of
 * gzipped JavaScript to it, over the 90 KB budget. Every other page reads through SWR (useRead,
 * use-read.ts).
 */
export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  /** Fetch again (after an error, or to refresh). */
  mutate: () => Promise<void>;
}

/** Data older than this is fetched again in the background when a component that shows it mounts. */
export const RESOURCE_FRESH_MS = 60_000;

interface Entry {
  data?: unknown;
  fetchedAt?: number;
  error?: unknown;
  loading?: Promise<void>;
  /** A new object on every change, so React sees it. */
  snapshot: { data?: unknown; error?: unknown; loading: boolean };
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function entryOf(key: string): Entry {
  let entry = entries.get(key);
  if (!entry) {
    entry = { snapshot: { loading: false } };
    entries.set(key, entry);
  }
  return entry;
}

function load(key: string, fetcher: () => Promise<unknown>): Promise<void> {
  const entry = entryOf(key);
  if (entry.loading) return entry.loading;
  entry.loading = fetcher()
    .then(
      (data) => {
        entry.data = data;
        entry.error = undefined;
        entry.fetchedAt = Date.now();
      },
      (error: unknown) => {
        entry.error = error;
      },
    )
    .finally(() => {
      entry.loading = undefined;
      entry.snapshot = { data: entry.data, error: entry.error, loading: false };
      notify();
    });
  entry.snapshot = { data: entry.data, error: entry.error, loading: true };
  notify();
  return entry.loading;
}

/** Reads `fetcher()` under `key` (an array of strings: endpoint, locale, parameters). */
export function useResource<T>(key: readonly string[], fetcher: () => Promise<T>): Resource<T> {
  const id = JSON.stringify(key);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  const getSnapshot = useCallback(() => entries.get(id)?.snapshot, [id]);
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  useEffect(() => {
    const entry = entries.get(id);
    // Several components asking at once (and StrictMode's second mount) share one request.
    const stale = entry?.fetchedAt === undefined || Date.now() - entry.fetchedAt > RESOURCE_FRESH_MS;
    // A component that mounts after an error tries again, as a fresh visit to the page would.
    if (!entry?.loading && (entry?.error !== undefined || stale)) void load(id, () => fetcherRef.current());
  }, [id]);

  // While a new key loads (another language, another subject), keep showing the last data.
  const previous = useRef<T | undefined>(undefined);
  const data = snapshot?.data as T | undefined;
  if (data !== undefined) previous.current = data;
  const error = snapshot?.error;

  return {
    data: data ?? (error === undefined ? previous.current : undefined),
    error,
    isLoading: data === undefined && error === undefined,
    mutate: () => load(id, () => fetcherRef.current()),
  };
}

/** Forgets every cached read (tests start from nothing). */
export function clearResources(): void {
  entries.clear();
}
