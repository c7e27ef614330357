import {
  type ComponentProps,
  type ComponentType,
  createElement,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  useState,
} from 'react';
import { BUILD_VERSION, type BuildInfo, fetchLatestBuild, isNewerBuild } from './build-info.ts';
import { isUpdateBlocked } from './update-guard.ts';

/** Reload guard: a page chunk that fails to load reloads the page once; failing again within this time shows the error page instead of looping. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const CHUNK_RELOAD_KEY = 'zalik:chunk-reload-at';

export interface ChunkRecovery {
  fetchLatest: () => Promise<BuildInfo | null>;
  currentVersion: string;
  reload: () => void;
  storage: () => Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  isBlocked: () => boolean;
}

const browserRecovery: ChunkRecovery = {
  fetchLatest: () => fetchLatestBuild(),
  currentVersion: BUILD_VERSION,
  reload: () => window.location.reload(),
  storage: () => window.sessionStorage,
  now: () => Date.now(),
  isBlocked: isUpdateBlocked,
};

/** Whether a reload now would not follow another one within the guard time (and notes it if so). */
function takeReloadSlot(recovery: ChunkRecovery): boolean {
  try {
    const storage = recovery.storage();
    const now = recovery.now();
    const last = Number(storage.getItem(CHUNK_RELOAD_KEY));
    const sinceLast = now - last;
    if (last > 0 && sinceLast >= 0 && sinceLast < CHUNK_RELOAD_GUARD_MS) return false;
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
    return true;
  } catch {
    // No session storage, no guard against a reload loop: show the error instead.
    return false;
  }
}

/**
 * A page's code failed to load. When the server has a newer build (the chunk belonged to an older
 * one and is gone), reload once to get the new build; otherwise, or when that reload happened less
 * than 10 s ago, or a guard blocks reloads, the error goes on to the error page.
 */
export async function recoverFromChunkError(error: unknown, recovery: ChunkRecovery = browserRecovery): Promise<never> {
  const latest = await recovery.fetchLatest();
  if (!isNewerBuild(latest, recovery.currentVersion) || recovery.isBlocked() || !takeReloadSlot(recovery)) {
    throw error;
  }
  recovery.reload();
  // The page is going away: keep the loading state up instead of flashing an error.
  return new Promise<never>(() => {});
}

/** A lazily loaded page: renders like React.lazy, and can be fetched ahead of its first render. */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's.
export type LazyPage<T extends ComponentType<any>> = ((props: ComponentProps<T>) => ReactNode) & {
  /** Starts loading the page's code (once) and resolves when it is here. */
  preload: () => Promise<void>;
};

/**
 * React.lazy for a page, with recovery from a failed chunk load after a deploy (see
 * recoverFromChunkError). A page preloaded before it first renders does not suspend: React.lazy
 * would, even with its code already here, and then wait out its reveal throttle (300 ms) to show it.
 * `alreadyLoaded`: the component when another way of loading its chunk has brought it already (the
 * running test's view, loaded early by a resume), so that it does not suspend either.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React.lazy's.
export function lazyPage<T extends ComponentType<any>>(
  importer: () => Promise<{ default: T }>,
  alreadyLoaded: () => T | null = () => null,
): LazyPage<T> {
  let loaded: T | null = null;
  let loading: Promise<{ default: T }> | null = null;
  const load = () => {
    loading ??= importer().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => recoverFromChunkError(error),
    );
    return loading;
  };
  const Lazy = lazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module level, as React.lazy is.
  const Page = (props: ComponentProps<T>) => {
    // Chosen once per mounted page: switching from Lazy to the loaded component on a later render
    // would be a new type to React, which would throw away the page's state and mount it again.
    const [Type] = useState<T | LazyExoticComponent<T>>(() => loaded ?? alreadyLoaded() ?? Lazy);
    return createElement(Type, props);
  };
  Page.preload = () => load().then(() => undefined);
  return Page;
}
