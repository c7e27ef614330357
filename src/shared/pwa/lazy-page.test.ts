import { render, screen } from '@testing-library/react';
import { Component, createElement, type ReactNode, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_KEY,
  type ChunkRecovery,
  lazyPage,
  recoverFromChunkError,
} from './lazy-page.ts';

const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/TestPage-old.js');

function recovery(overrides: Partial<ChunkRecovery> = {}) {
  const reload = vi.fn();
  const deps: ChunkRecovery = {
    fetchLatest: async () => ({ version: 'new', builtAt: '2026-01-02T00:00:00.000Z' }),
    currentVersion: 'old',
    reload,
    storage: () => window.sessionStorage,
    now: () => Date.now(),
    isBlocked: () => false,
    ...overrides,
  };
  return { deps, reload };
}

/** Lets the recovery run up to the reload (it never settles then) and says whether it settled. */
async function outcome(promise: Promise<never>) {
  let settled: { error: unknown } | null = null;
  promise.catch((error: unknown) => {
    settled = { error };
  });
  await vi.advanceTimersByTimeAsync(0);
  return settled as { error: unknown } | null;
}

describe('recoverFromChunkError', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-02T10:00:00.000Z'));
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it('reloads once when the server has a newer build, and keeps the page loading meanwhile', async () => {
    const { deps, reload } = recovery();
    expect(await outcome(recoverFromChunkError(chunkError, deps))).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(Date.now()));
  });

  it('shows the error instead when it fails again within 10 s of that reload', async () => {
    const { deps, reload } = recovery();
    await outcome(recoverFromChunkError(chunkError, deps));
    expect(reload).toHaveBeenCalledTimes(1);

    // The reloaded page (same tab, same session storage) fails again 9.999 s later: no loop.
    vi.advanceTimersByTime(CHUNK_RELOAD_GUARD_MS - 1);
    expect(await outcome(recoverFromChunkError(chunkError, deps))).toEqual({ error: chunkError });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('may reload again once the 10 s have passed', async () => {
    const { deps, reload } = recovery();
    await outcome(recoverFromChunkError(chunkError, deps));
    vi.advanceTimersByTime(CHUNK_RELOAD_GUARD_MS);
    expect(await outcome(recoverFromChunkError(chunkError, deps))).toBeNull();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('rethrows without reloading when the build is the same', async () => {
    const { deps, reload } = recovery({ fetchLatest: async () => ({ version: 'old', builtAt: '' }) });
    expect(await outcome(recoverFromChunkError(chunkError, deps))).toEqual({ error: chunkError });
    expect(reload).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it('rethrows when build.json cannot be had (offline)', async () => {
    const { deps, reload } = recovery({ fetchLatest: async () => null });
    expect(await outcome(recoverFromChunkError(chunkError, deps))).toEqual({ error: chunkError });
    expect(reload).not.toHaveBeenCalled();
  });

  it('rethrows while an update guard blocks reloads', async () => {
    const { deps, reload } = recovery({ isBlocked: () => true });
    expect(await outcome(recoverFromChunkError(chunkError, deps))).toEqual({ error: chunkError });
    expect(reload).not.toHaveBeenCalled();
  });

  it('rethrows when there is no session storage to guard against a loop', async () => {
    const { deps, reload } = recovery({
      storage: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(await outcome(recoverFromChunkError(chunkError, deps))).toEqual({ error: chunkError });
    expect(reload).not.toHaveBeenCalled();
  });
});

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? createElement('p', null, `error: ${String(this.state.error)}`) : this.props.children;
  }
}

describe('lazyPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  const page = (node: ReactNode) =>
    render(createElement(Boundary, null, createElement(Suspense, { fallback: 'loading' }, node)));

  it('renders the page its importer brings', async () => {
    const Page = lazyPage(async () => ({ default: () => createElement('h1', null, 'Subjects') }));
    page(createElement(Page));
    expect(await screen.findByRole('heading', { name: 'Subjects' })).toBeTruthy();
  });

  it('lets the error through to the error page when the build has not changed', async () => {
    // In tests the app's own version is "dev" unless the build defines it; the server says the same.
    const { BUILD_VERSION } = await import('./build-info.ts');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ version: BUILD_VERSION, builtAt: '' }), { status: 200 })),
    );
    const Page = lazyPage(() => Promise.reject(chunkError));
    page(createElement(Page));
    expect(await screen.findByText(`error: ${String(chunkError)}`)).toBeTruthy();
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });
});

describe('lazyPage preload', () => {
  it('renders a preloaded page at once, without suspending', async () => {
    const Page = lazyPage(async () => ({ default: () => createElement('h1', null, 'Lessons') }));
    await Page.preload();
    render(createElement(Suspense, { fallback: 'loading' }, createElement(Page)));
    // Synchronously there: no fallback in between.
    expect(screen.getByRole('heading', { name: 'Lessons' })).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('imports the page once, however often it is preloaded and rendered', async () => {
    let imports = 0;
    const Page = lazyPage(async () => {
      imports++;
      return { default: () => createElement('h1', null, 'Contacts') };
    });
    const first = Page.preload();
    render(createElement(Suspense, { fallback: 'loading' }, createElement(Page)));
    await first;
    await Page.preload();
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeTruthy();
    expect(imports).toBe(1);
  });
});
