import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Workbox } from 'workbox-window';

/** The part of workbox-window's Workbox the page uses: its events, and the skip-waiting message. */
class StandInWorkbox extends EventTarget {
  messageSkipWaiting = vi.fn();
  messageSW = vi.fn(async () => true);
  update = vi.fn(async () => undefined);
  emit(type: 'waiting' | 'controlling', detail: { isUpdate?: boolean } = {}) {
    this.dispatchEvent(Object.assign(new Event(type), detail));
  }
}

const reload = vi.fn();
beforeEach(() => {
  vi.resetModules();
  vi.stubGlobal('location', { ...window.location, reload, origin: window.location.origin });
});
afterEach(() => {
  vi.unstubAllGlobals();
  reload.mockReset();
});

async function load() {
  const [{ watchWorker }, { updateStore }, { updateGuards }] = await Promise.all([
    import('./register.ts'),
    import('./update-store.ts'),
    import('./update-guard.ts'),
  ]);
  return { watchWorker, updateStore, updateGuards };
}

describe('the service worker through workbox-window', () => {
  it('offers a waiting worker and lets it take over only when the person asks, then reloads once', async () => {
    const { watchWorker, updateStore } = await load();
    const workbox = new StandInWorkbox();
    watchWorker(workbox as unknown as Workbox, () => true);
    workbox.emit('waiting');
    expect(updateStore.getState().phase).toBe('ready');
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    updateStore.request();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    workbox.emit('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('waits for the test to end before letting the new worker in', async () => {
    const { watchWorker, updateStore, updateGuards } = await load();
    const workbox = new StandInWorkbox();
    watchWorker(workbox as unknown as Workbox, () => true);
    let running = true;
    const release = updateGuards.register(() => running);
    workbox.emit('waiting');
    updateStore.request();
    expect(updateStore.getState().phase).toBe('deferred');
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    running = false;
    release();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it('lets the first worker take over by itself, and has it cache what the page read', async () => {
    const { watchWorker, updateStore } = await load();
    const workbox = new StandInWorkbox();
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { name: `${window.location.origin}/v1/public/main-page` } as PerformanceEntry,
    ]);
    watchWorker(workbox as unknown as Workbox, () => false);
    workbox.emit('waiting');
    expect(updateStore.getState().phase).toBe('none');
    workbox.emit('controlling', { isUpdate: false });
    expect(reload).not.toHaveBeenCalled();
    expect(workbox.messageSW).toHaveBeenCalledWith({
      type: 'CACHE_URLS',
      payload: { urlsToCache: [[`${window.location.origin}/v1/public/main-page`, expect.any(Object)]] },
    });
  });

  it('offers a reload when another tab let a new worker take over', async () => {
    const { watchWorker, updateStore } = await load();
    const workbox = new StandInWorkbox();
    watchWorker(workbox as unknown as Workbox, () => true);
    workbox.emit('controlling', { isUpdate: true });
    expect(reload).not.toHaveBeenCalled();
    expect(updateStore.getState().phase).toBe('ready');
    updateStore.request();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
  });
});
