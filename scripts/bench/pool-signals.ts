/**
 * BENCH_POOLS_SIGNALS=1 with `npm run bench:assignment`: a second assignment of the same test made
 * a pool (each block draws DRAWN of its questions per attempt) and collecting integrity signals,
 * taken by every other taker, who also sends a signal after about one answer in SIGNAL_EVERY. Both
 * assignments run side by side through the same windows of the same run, so the answer path's p99
 * with pools and signals is compared with its p99 without them on equal terms.
 */
import { randomUUID } from 'node:crypto';
import { percentile } from './load.ts';
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

/**
 * The answer p99 of a typical window, pooled takers against the plain ones: each window's own p99 of
 * each set, then the median over the windows (assignment-scenario.ts says why the median window).
 */
export function pooledAgainstPlain(answers: { window: number; ms: number; pooled: boolean }[], minimum = 100) {
  const byWindow = new Map<string, number[]>();
  for (const { window, ms, pooled: isPooled } of answers) {
    const key = `${window}:${isPooled}`;
    const list = byWindow.get(key) ?? [];
    list.push(ms);
    byWindow.set(key, list);
  }
  const p99s = { pooled: [] as number[], plain: [] as number[] };
  for (const [key, list] of byWindow) {
    if (list.length < minimum) continue;
    (key.endsWith(':true') ? p99s.pooled : p99s.plain).push(
      percentile(
        list.sort((a, b) => a - b),
        99,
      ),
    );
  }
  const median = (list: number[]) =>
    percentile(
      list.sort((a, b) => a - b),
      50,
    );
  return {
    pooled: median(p99s.pooled),
    plain: median(p99s.plain),
    windows: Math.min(p99s.pooled.length, p99s.plain.length),
  };
}
