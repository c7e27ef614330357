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

beforeEach(() => {
  db = openOfflineDb(`signals-hook-${++name}`);
  runtime = { db, queued: vi.fn() } as unknown as OfflineRuntime;
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
});
