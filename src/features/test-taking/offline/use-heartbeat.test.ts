import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withOutboxLock } from '../../../../offline-queue/background-sync.ts';
import { assignedSlug } from '../assigned-slug.ts';
import type { ServerClock } from '../server-clock.ts';
import type { OfflineRuntime } from './runtime.ts';
import { useHeartbeat } from './use-heartbeat.ts';

/** One lock at a time per name, as the Web Locks API grants them. */
function stubLocks() {
  const held = new Map<string, Promise<unknown>>();
  vi.stubGlobal('navigator', {
    ...navigator,
    locks: {
      request<T>(name: string, run: () => Promise<T>): Promise<T> {
        const before = held.get(name) ?? Promise.resolve();
        const mine = before.then(run, run);
        held.set(
          name,
          mine.catch(() => undefined),
        );
        return mine;
      },
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the heartbeat of an assigned attempt', () => {
  it('counts what waits only while no batch of answers is out, so a stale count never follows the batch', async () => {
    stubLocks();
    let queued = 2;
    const sent: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        sent.push((await request.json()).unsent);
        return Response.json({ data: { server_now: Date.now(), deadline: Date.now() + 60_000 } });
      }),
    );
    const runtime = {
      db: { outbox: { where: () => ({ equals: () => ({ filter: () => ({ count: async () => queued }) }) }) } },
      onServerTime: () => () => {},
      reached: vi.fn(),
      deadlineSaid: vi.fn(),
    } as unknown as OfflineRuntime;
    const clock = { stamp: () => Date.now(), sync: vi.fn() } as unknown as ServerClock;
    const record = {
      uuid: '0b9f1c9e-3f4a-4c55-9d0e-2a1b3c4d5e6f',
      api_token: 't'.repeat(43),
      slug: assignedSlug('ABCD2345'),
    };
    renderHook(() => useHeartbeat(runtime, record, clock, true));

    // The connection is back: the sender takes the lock for its batch first, then the heartbeat is asked for.
    let batchDone: () => void = () => {};
    const batch = withOutboxLock(() => new Promise<void>((resolve) => (batchDone = resolve)));
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    // The batch is acknowledged: nothing waits any more, and that is what the heartbeat says.
    queued = 0;
    batchDone();
    await batch;
    await vi.waitFor(() => expect(sent).toEqual([0]));
    expect(runtime.reached).toHaveBeenCalledWith(true);
  });
});
