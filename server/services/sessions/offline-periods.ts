/**
 * One outage is one offline period of an attempt, whoever noticed it: the attempt's two tabs each
 * say the same outage, a page reloaded in it may say it in two parts, and the outbox sends each
 * part on its own. So an offline signal that overlaps (or touches, within SHORTEST_SIGNAL_MS: a
 * connection back for less than that is no more worth saying than an outage that short) one the
 * attempt already keeps, or another of the same batch, joins it: the kept one then runs from the
 * first loss to the last return. Other kinds are each page's own and are never joined.
 */
import { SHORTEST_SIGNAL_MS, SIGNAL_LIMITS, type SignalItem } from '../../../contract/signals.ts';

export interface OfflinePeriod {
  id: string;
  at: number;
  duration_ms: number;
}

export interface JoinedOutages {
  /** Kept periods that grew: their new start and length. */
  grown: OfflinePeriod[];
  /** Kept periods a new one bridged into another: now part of it. */
  absorbed: string[];
  /** The batch's periods that start an outage of their own (to store as they are). */
  fresh: SignalItem[];
}

const end = (period: { at: number; duration_ms?: number | null }) => period.at + (period.duration_ms ?? 0);
const touch = (a: OfflinePeriod, b: { at: number; duration_ms?: number | null }) =>
  b.at <= end(a) + SHORTEST_SIGNAL_MS && a.at <= end(b) + SHORTEST_SIGNAL_MS;

/** The batch's offline signals (`incoming`) against the attempt's kept ones (`kept`). */
export function joinOutages(kept: readonly OfflinePeriod[], incoming: readonly SignalItem[]): JoinedOutages {
  // Each known outage, kept or new, by the id it is stored under.
  const outages: (OfflinePeriod & { stored: boolean; changed: boolean })[] = kept.map((period) => ({
    ...period,
    stored: true,
    changed: false,
  }));
  const absorbed: string[] = [];
  const items = new Map<string, SignalItem>();
  for (const item of [...incoming].sort((a, b) => a.at - b.at)) {
    const meeting = outages.filter((outage) => touch(outage, item));
    if (meeting.length === 0) {
      outages.push({
        id: item.signal_id,
        at: item.at,
        duration_ms: item.duration_ms ?? 0,
        stored: false,
        changed: false,
      });
      items.set(item.signal_id, item);
      continue;
    }
    // The first that meets it takes it in, and every other one it reaches.
    const [into, ...others] = meeting as [(typeof outages)[number], ...typeof outages];
    const until = Math.max(end(item), ...meeting.map(end));
    into.at = Math.min(item.at, ...meeting.map((outage) => outage.at));
    into.duration_ms = Math.min(until - into.at, SIGNAL_LIMITS.maxDurationMs);
    into.changed = true;
    for (const other of others) {
      outages.splice(outages.indexOf(other), 1);
      if (other.stored) absorbed.push(other.id);
      else items.delete(other.id);
    }
  }
  return {
    grown: outages.filter((o) => o.stored && o.changed).map(({ id, at, duration_ms }) => ({ id, at, duration_ms })),
    absorbed,
    fresh: outages
      .filter((o) => !o.stored)
      .map((o) => ({ ...(items.get(o.id) as SignalItem), at: o.at, duration_ms: o.duration_ms })),
  };
}
