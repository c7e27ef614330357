import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { roomStamp } from '../../../../contract/online.ts';
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
      onRoom: () => () => {},
      reachable: () => true,
      heard: () => true,
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

  it('asks at once when an answer brings a room stamp its last heartbeat did not, acknowledges shown messages at the next check, and asks at every check while paused', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    try {
      stubLocks();
      const bodies: { seen?: string[] }[] = [];
      let serverRoom = '0.0';
      let messages: object[] = [];
      let pausedAt: number | undefined;
      vi.stubGlobal(
        'fetch',
        vi.fn(async (request: Request) => {
          bodies.push(await request.json());
          const data = { server_now: Date.now(), deadline: Date.now() + 60_000, room: serverRoom, messages };
          if (pausedAt !== undefined) Object.assign(data, { paused_at: pausedAt });
          return Response.json({ data });
        }),
      );
      let roomSaid: (session: string, stamp: string) => void = () => {};
      let answered: (session: string) => void = () => {};
      const runtime = {
        db: { outbox: { where: () => ({ equals: () => ({ filter: () => ({ count: async () => 0 }) }) }) } },
        onServerTime: (listener: typeof answered) => {
          answered = listener;
          return () => {};
        },
        onRoom: (listener: typeof roomSaid) => {
          roomSaid = listener;
          return () => {};
        },
        reachable: () => true,
        heard: () => true,
        reached: vi.fn(),
        deadlineSaid: vi.fn(),
      } as unknown as OfflineRuntime;
      const clock = { stamp: () => Date.now(), sync: vi.fn() } as unknown as ServerClock;
      const uuid = '0b9f1c9e-3f4a-4c55-9d0e-2a1b3c4d5e6f';
      const record = { uuid, api_token: 't'.repeat(43), slug: assignedSlug('ABCD2345') };
      let unacknowledged: string[] = [];
      let paused = false;
      let heardMessages = 0;
      const room = {
        seen: () => unacknowledged,
        paused: () => paused,
        stamp: () => roomStamp(paused ? 99 : null, heardMessages),
        heard: (
          receipt: { messages?: { id: string }[]; paused_at?: number | null },
          acknowledged: readonly string[],
        ) => {
          paused = typeof receipt.paused_at === 'number';
          heardMessages += receipt.messages?.length ?? 0;
          unacknowledged = [
            ...unacknowledged.filter((id) => !acknowledged.includes(id)),
            ...(receipt.messages ?? []).map((m) => m.id),
          ];
        },
      };
      renderHook(() => useHeartbeat(runtime, record, clock, true, room));

      // The stamp of an empty room is the one this new device keeps: its first answers ask nothing.
      roomSaid(uuid, '0.0');
      roomSaid('another-session', '7.7');
      await vi.advanceTimersByTimeAsync(100);
      expect(bodies).toEqual([]);
      // The tutor writes: the next answer's stamp differs, and the heartbeat brings the message.
      serverRoom = '0.1';
      messages = [{ id: 'a6f1c9e0-3f4a-4c55-9d0e-2a1b3c4d5e6f', text: 'Look up', at: 1, to_all: true }];
      roomSaid(uuid, '0.1');
      await vi.waitFor(() => expect(bodies).toHaveLength(1));
      expect(unacknowledged).toEqual(['a6f1c9e0-3f4a-4c55-9d0e-2a1b3c4d5e6f']);
      // Answers keep coming (contact every second), yet the next check acknowledges what was shown.
      messages = [];
      for (let s = 0; s < 5; s += 1) {
        answered(uuid);
        await vi.advanceTimersByTimeAsync(1_000);
      }
      await vi.waitFor(() => expect(bodies).toHaveLength(2));
      expect(bodies[1]?.seen).toEqual(['a6f1c9e0-3f4a-4c55-9d0e-2a1b3c4d5e6f']);
      // All acknowledged and contact kept: no more heartbeats.
      for (let s = 0; s < 10; s += 1) {
        answered(uuid);
        await vi.advanceTimersByTimeAsync(1_000);
      }
      expect(bodies).toHaveLength(2);
      // The same stamp again asks nothing.
      roomSaid(uuid, '0.1');
      await vi.advanceTimersByTimeAsync(100);
      expect(bodies).toHaveLength(2);
      // The tutor pauses: the stamp brings a heartbeat, and while paused every check asks again.
      serverRoom = '99.1';
      pausedAt = 99;
      roomSaid(uuid, '99.1');
      await vi.waitFor(() => expect(bodies).toHaveLength(3));
      await vi.advanceTimersByTimeAsync(10_000);
      await vi.waitFor(() => expect(bodies).toHaveLength(5));
      // Resumed: the next check hears it, and the device is then quiet for a heartbeat's 15 s again.
      serverRoom = '0.1';
      pausedAt = undefined;
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.waitFor(() => expect(bodies).toHaveLength(6));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(bodies).toHaveLength(6);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks at every check until a new page hears the server and while it is out of reach, so the device hears it back within a check', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    try {
      stubLocks();
      let serverUp = false;
      let asked = 0;
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          asked += 1;
          if (!serverUp) throw new TypeError('Failed to fetch');
          return Response.json({ data: { server_now: Date.now(), deadline: Date.now() + 60_000 } });
        }),
      );
      // A page reloaded in an outage: the server is taken for reachable, and nothing has answered yet.
      let reachable = true;
      let heard = false;
      const runtime = {
        db: { outbox: { where: () => ({ equals: () => ({ filter: () => ({ count: async () => 0 }) }) }) } },
        onServerTime: () => () => {},
        onRoom: () => () => {},
        reachable: () => reachable,
        heard: () => heard,
        reached: vi.fn((now: boolean) => {
          reachable = now;
          heard ||= now;
        }),
        deadlineSaid: vi.fn(),
      } as unknown as OfflineRuntime;
      const clock = { stamp: () => Date.now(), sync: vi.fn() } as unknown as ServerClock;
      const uuid = '0b9f1c9e-3f4a-4c55-9d0e-2a1b3c4d5e6f';
      renderHook(() =>
        useHeartbeat(runtime, { uuid, api_token: 't'.repeat(43), slug: assignedSlug('ABCD2345') }, clock, true),
      );
      // The first check asks, not a heartbeat's 15 s on: no server.
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.waitFor(() => expect(asked).toBe(1));
      expect(reachable).toBe(false);
      // Out of reach: the next checks ask again; the second finds the server back.
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.waitFor(() => expect(asked).toBe(2));
      serverUp = true;
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.waitFor(() => expect(asked).toBe(3));
      expect([reachable, heard]).toEqual([true, true]);
      // Heard again: quiet for a heartbeat's 15 s.
      await vi.advanceTimersByTimeAsync(10_000);
      expect(asked).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
