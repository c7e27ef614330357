/**
 * BENCH_POOLS_SIGNALS=1 with `npm run bench:assignment`: a second assignment of the same test made
 * a pool (each block draws DRAWN of its questions per attempt) and collecting integrity signals,
 * taken by every other taker, who also sends a signal after about one answer in SIGNAL_EVERY. Both
 * assignments run side by side through the same windows of the same run, so the answer path's p99
 * with pools and signals is compared with its p99 without them on equal terms.
 */
import { randomUUID } from 'node:crypto';
import { medianWindowP99 } from './load.ts';
import type { TimedClient } from './timed-client.ts';

export const POOLS_SIGNALS = process.env.BENCH_POOLS_SIGNALS === '1';
/** Questions each attempt draws from each block's ten. */
export const DRAWN = 5;
const SIGNAL_EVERY = 4;
const KINDS = ['hidden', 'blur', 'offline'] as const;

export const signalsSent = { requests: 0, acknowledged: 0 };

/** The draft's blocks made pools. */
export function pooled<T extends { blocks: object[] }>(draft: T): T {
  return { ...draft, blocks: draft.blocks.map((block) => ({ ...block, draw: { count: DRAWN, by_points: false } })) };
}

/** After an acknowledged answer, now and then, a signal of the kinds a device sends most. */
export async function maybeSignal(client: TimedClient, server: number, path: string): Promise<void> {
  if (Math.random() * SIGNAL_EVERY >= 1) return;
  const kind = KINDS[Math.floor(Math.random() * KINDS.length)] as (typeof KINDS)[number];
  const signal = {
    signal_id: randomUUID(),
    kind,
    at: Date.now() - 5_000,
    duration_ms: 1_000 + Math.round(Math.random() * 4_000),
  };
  signalsSent.requests += 1;
  const reply = await client.request('signals', server, 'POST', path, { signals: [signal] }, { read: false });
  if (reply.status === 200) signalsSent.acknowledged += 1;
}

/** The answer p99 of a typical window, pooled takers against the plain ones (medianWindowP99). */
export function pooledAgainstPlain(answers: { window: number; ms: number; pooled: boolean }[]) {
  const typical = medianWindowP99(answers, (a) => (a.pooled ? 'pooled' : 'plain'));
  return {
    pooled: typical.pooled?.p99 ?? 0,
    plain: typical.plain?.p99 ?? 0,
    windows: Math.min(typical.pooled?.windows ?? 0, typical.plain?.windows ?? 0),
  };
}
