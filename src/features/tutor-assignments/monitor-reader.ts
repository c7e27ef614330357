import { type AssignmentMonitor, mergeMonitor } from '../../../contract/assignments.ts';

/**
 * Every this often the monitor asks for every taker again, not only for those changed: a write that
 * slipped past the change stamps (a process whose clock is off by more than the server's overlap)
 * shows within this long all the same.
 */
export const MONITOR_FULL_EVERY_MS = 60_000;

/**
 * The monitor, read a little at a time: every taker at first (and every MONITOR_FULL_EVERY_MS),
 * then only those changed since the last answer that arrived, merged into what is held. A read that
 * fails changes nothing held, and the next one asks from the same cursor, so a dropped connection
 * loses nothing: the first read after it brings every change made meanwhile.
 */
export function monitorReader(
  read: (since: number | undefined) => Promise<AssignmentMonitor>,
  compareNames: (a: string, b: string) => number,
  now: () => number = Date.now,
): () => Promise<AssignmentMonitor> {
  let held: AssignmentMonitor | undefined;
  let fullAt = Number.NEGATIVE_INFINITY;
  return async () => {
    const full = held === undefined || now() - fullAt >= MONITOR_FULL_EVERY_MS;
    const asked = now();
    const answer = await read(full ? undefined : held?.cursor);
    if (answer.full) fullAt = asked;
    held = mergeMonitor(held, answer, compareNames);
    return held;
  };
}
