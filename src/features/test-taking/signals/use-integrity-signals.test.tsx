import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OnlineSession } from '../../../../contract/online.ts';
import { attemptFixture } from '../../../../offline-queue/attempt-fixture.ts';
import { type AttemptRecord, openOfflineDb, type ZalikOfflineDb } from '../../../../offline-queue/db.ts';
import type { OfflineRuntime } from '../offline/runtime.ts';
import type { ServerClock } from '../server-clock.ts';
import { useIntegritySignals } from './use-integrity-signals.ts';

const UUID = '0c6f1a52-3d2e-4f6b-9a1e-7d5b8c9e0f12';
let db: ZalikOfflineDb;
let runtime: OfflineRuntime;
let serverNow = 1_800_000_000_000;
let name = 0;
const clock = { now: () => serverNow } as ServerClock;

const record = (collects: boolean): AttemptRecord =>
  attemptFixture(UUID, { session: { uuid: UUID, ...(collects ? { collects_signals: true } : {}) } as OnlineSession });

const setVisibility = (state: 'hidden' | 'visible') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

async function signals() {
  await vi.waitFor(async () => expect(runtime.queued).toHaveBeenCalled());
  return (await db.outbox.toArray()).map((entry) => entry.signal);
}

/** Whether the server answers, as the runtime would hear it from its requests (and whether it has yet). */
let reachable = true;
let heard = true;
const reachListeners = new Set<(reachable: boolean) => void>();
const serverAnswers = (now: boolean) => {
  const first = now && !heard;
  heard ||= now;
  if (now === reachable && !first) return;
  reachable = now;
  for (const listener of reachListeners) listener(now);
};
/** A new page of the attempt (a reload): its runtime is new, and has heard nothing yet. */
const newPage = (navigation: 'reload' | 'navigate') => {
  reachable = true;
  heard = false;
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: navigation }] as never);
};
const pageHide = () => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));

beforeEach(() => {
  db = openOfflineDb(`signals-hook-${++name}`);
  reachable = true;
  heard = true;
  reachListeners.clear();
  runtime = {
    db,
    queued: vi.fn(),
    reachable: () => reachable,
    heard: () => heard,
    onReachable: (listener: (reachable: boolean) => void) => {
      reachListeners.add(listener);
      return () => reachListeners.delete(listener);
    },
  } as unknown as OfflineRuntime;
  sessionStorage.clear();
  localStorage.clear();
  serverNow = 1_800_000_000_000;
  vi.spyOn(Date, 'now').mockReturnValue(serverNow);
});

afterEach(async () => {
  vi.restoreAllMocks();
  setVisibility('visible');
  db.close();
  await db.delete();
});

describe('the taking view’s signals', () => {
  it('records the page hidden and shown again, with how long, on the server’s clock', async () => {
    renderHook(() => useIntegritySignals(runtime, record(true), clock, true));
    setVisibility('hidden');
    serverNow += 42_000;
    setVisibility('visible');
    expect(await signals()).toEqual([
      expect.objectContaining({ kind: 'hidden', at: 1_800_000_000_000, duration_ms: 42_000 }),
    ]);
  });

  it('records a paste into an answer by its length and question, never its text', async () => {
    document.body.innerHTML = '<fieldset data-question="q7"><input id="answer"></fieldset>';
    renderHook(() => useIntegritySignals(runtime, record(true), clock, true));
    const paste = new Event('paste', { bubbles: true }) as ClipboardEvent;
    Object.defineProperty(paste, 'clipboardData', { value: { getData: () => 'secret words' } });
    document.getElementById('answer')?.dispatchEvent(paste);
    const [signal] = await signals();
    expect(signal).toMatchObject({ kind: 'paste', length: 12, question_id: 'q7' });
    expect(JSON.stringify(signal)).not.toContain('secret');
  });

  it('records time offline, and a clock more than a minute off once per attempt', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(serverNow + 5 * 60_000);
    const { unmount } = renderHook(() => useIntegritySignals(runtime, record(true), clock, true));
    window.dispatchEvent(new Event('offline'));
    serverNow += 3_000;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(2));
    unmount();
    renderHook(() => useIntegritySignals(runtime, record(true), clock, true));
    const kinds = (await db.outbox.toArray()).map((e) => [e.signal?.kind, e.signal?.duration_ms]);
    expect(kinds).toEqual([
      ['clock', 5 * 60_000],
      ['offline', 3_000],
    ]);
  });

  it('records nothing for an assignment that does not collect signals, nor a blink under a second', async () => {
    renderHook(() => useIntegritySignals(runtime, record(false), clock, true));
    setVisibility('hidden');
    serverNow += 60_000;
    setVisibility('visible');
    const { unmount } = renderHook(() => useIntegritySignals(runtime, record(true), clock, true));
    setVisibility('hidden');
    serverNow += 400;
    setVisibility('visible');
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.outbox.count()).toBe(0);
  });

  it('takes a reload for no hidden page however long it takes: its pagehide comes while the page is still visible', async () => {
    vi.spyOn(Date, 'now').mockImplementation(() => serverNow);
    const first = renderHook(() => useIntegritySignals(runtime, record(true), clock, true));
    // Chromium's order on a reload: pagehide on a visible page, then hidden by the unload.
    pageHide();
    setVisibility('hidden');
    first.unmount();
    // A phone's reload with the CPU slowed six times: seconds, not a blink.
    serverNow += 5_000;
    newPage('reload');
    setVisibility('visible');
    renderHook(() => useIntegritySignals(runtime, record(true), clock, true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.outbox.count()).toBe(0);
  });

  it('drops a hidden period that ran into a reload in the older order (hidden first, pagehide seconds later)', async () => {
    vi.spyOn(Date, 'now').mockImplementation(() => serverNow);
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    const first = renderHook(() => useIntegritySignals(runtime, record(true), clock, true));
    setVisibility('hidden');
    now.mockReturnValue(4_000);
    serverNow += 3_000;
    pageHide();
    first.unmount();
    serverNow += 2_000;
    newPage('reload');
    setVisibility('visible');
    renderHook(() => useIntegritySignals(runtime, record(true), clock, true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.outbox.count()).toBe(0);
  });

  it('says a page hidden by the taker and then closed as hidden until it closed, not until it was opened again', async () => {
    vi.spyOn(Date, 'now').mockImplementation(() => serverNow);
    const first = renderHook(() => useIntegritySignals(runtime, record(true), clock, true));
    setVisibility('hidden');
    serverNow += 60_000;
    pageHide();
    first.unmount();
    // Ten minutes closed, then the attempt opened again in the same tab (Ctrl+Shift+T, the history).
    serverNow += 600_000;
    newPage('navigate');
    setVisibility('visible');
    renderHook(() => useIntegritySignals(runtime, record(true), clock, true));
    expect(await signals()).toEqual([
      expect.objectContaining({ kind: 'hidden', at: 1_800_000_000_000, duration_ms: 60_000 }),
    ]);
  });

  it('keeps one outage one period across a reload: the new page does not take it for over before it hears the server', async () => {
    vi.spyOn(Date, 'now').mockImplementation(() => serverNow);
    const first = renderHook(() => useIntegritySignals(runtime, record(true), clock, true));
    serverAnswers(false);
    serverNow += 3_000;
    pageHide();
    first.unmount();
    serverNow += 2_000;
    newPage('reload');
    renderHook(() => useIntegritySignals(runtime, record(true), clock, true));
    // Its first request finds no server either, and a later one finds it back.
    serverNow += 10_000;
    serverAnswers(false);
    serverNow += 5_000;
    serverAnswers(true);
    expect(await signals()).toEqual([
      expect.objectContaining({ kind: 'offline', at: 1_800_000_000_000, duration_ms: 20_000 }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.outbox.count()).toBe(1);
  });

  it('ends an outage at the browser’s online only once the server has been heard on this page', async () => {
    vi.spyOn(Date, 'now').mockImplementation(() => serverNow);
    const first = renderHook(() => useIntegritySignals(runtime, record(true), clock, true));
    window.dispatchEvent(new Event('offline'));
    serverNow += 4_000;
    pageHide();
    first.unmount();
    newPage('reload');
    renderHook(() => useIntegritySignals(runtime, record(true), clock, true));
    serverNow += 6_000;
    // The browser says online; nothing has answered yet: the outage goes on until something does.
    window.dispatchEvent(new Event('online'));
    serverNow += 2_000;
    serverAnswers(true);
    expect(await signals()).toEqual([expect.objectContaining({ kind: 'offline', duration_ms: 12_000 })]);
  });

  it('records time the server did not answer while the browser said it was online', async () => {
    renderHook(() => useIntegritySignals(runtime, record(true), clock, true));
    serverAnswers(false);
    serverNow += 4_000;
    // The browser's own word does not end it while the server is still silent.
    window.dispatchEvent(new Event('online'));
    serverNow += 1_000;
    serverAnswers(true);
    expect(await signals()).toEqual([expect.objectContaining({ kind: 'offline', duration_ms: 5_000 })]);
  });

  it('sees a device clock moved during the test at its next look, without a reload', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      renderHook(() => useIntegritySignals(runtime, record(true), clock, true));
      vi.spyOn(Date, 'now').mockReturnValue(serverNow - 10 * 60_000);
      vi.advanceTimersByTime(5_000);
      expect(await signals()).toEqual([expect.objectContaining({ kind: 'clock', duration_ms: -10 * 60_000 })]);
    } finally {
      vi.useRealTimers();
    }
  });
});
