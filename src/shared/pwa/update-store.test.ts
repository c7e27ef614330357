import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUpdateGuards } from './update-guard.ts';
import { createUpdateStore, SAFE_MOMENT_POLL_MS } from './update-store.ts';

describe('update store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('offers an update and applies it on request', () => {
    const store = createUpdateStore(createUpdateGuards());
    const apply = vi.fn();
    expect(store.getState().phase).toBe('none');
    store.offer(apply);
    expect(store.getState()).toEqual({ phase: 'ready', dismissed: false });
    store.request();
    expect(apply).toHaveBeenCalledTimes(1);
    expect(store.getState().phase).toBe('applying');
  });

  it('"Later" hides the offer without applying it', () => {
    const store = createUpdateStore(createUpdateGuards());
    const apply = vi.fn();
    store.offer(apply);
    store.dismiss();
    expect(store.getState()).toEqual({ phase: 'ready', dismissed: true });
    expect(apply).not.toHaveBeenCalled();
  });

  it('defers while a guard blocks, and applies at the next safe moment', () => {
    const guards = createUpdateGuards();
    const store = createUpdateStore(guards);
    const apply = vi.fn();
    let testRunning = true;
    guards.register(() => testRunning);

    store.offer(apply);
    store.request();
    expect(store.getState().phase).toBe('deferred');
    vi.advanceTimersByTime(SAFE_MOMENT_POLL_MS * 3);
    expect(apply).not.toHaveBeenCalled();

    testRunning = false;
    vi.advanceTimersByTime(SAFE_MOMENT_POLL_MS);
    expect(apply).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(SAFE_MOMENT_POLL_MS * 3);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('applies a deferred update as soon as the blocking guard is removed', () => {
    const guards = createUpdateGuards();
    const store = createUpdateStore(guards);
    const apply = vi.fn();
    const unregister = guards.register(() => true);
    store.offer(apply);
    store.request();
    expect(apply).not.toHaveBeenCalled();
    unregister();
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('takes a failing guard as blocking', () => {
    const guards = createUpdateGuards();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    guards.register(() => {
      throw new Error('broken');
    });
    expect(guards.isBlocked()).toBe(true);
    error.mockRestore();
  });
});
