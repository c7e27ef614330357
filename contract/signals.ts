/**
 * Integrity signals: what the taking view noticed of how a test was taken, when its assignment asks
 * for them (off by default, and told to takers before they start). Kinds, times and sizes only:
 * never what was typed or pasted, never the screen. Signals say what happened, not what it means.
 *
 * - `hidden`: the page was hidden (another tab or app) for `duration_ms`;
 * - `blur`: the window lost focus (another window over it) for `duration_ms`;
 * - `paste`: text was pasted into an answer: `length` characters, into `question_id`;
 * - `offline`: the device had no connection for `duration_ms`;
 * - `clock`: the device's clock differs from the server's by `duration_ms` (signed: ahead is
 *   positive), reported only beyond CLOCK_SIGNAL_MS.
 */
import { EpochMs } from './bounds.ts';
import { Key } from './content.ts';
import { SIGNAL_KINDS, Uuid } from './online.ts';
import {
  array,
  between,
  enums,
  type Infer,
  integer,
  nullable,
  object,
  optional,
  refine,
  size,
  string,
  type,
} from './structs.ts';

export { SessionSignal, SIGNAL_KINDS, type SignalKind } from './online.ts';

export const SIGNAL_LIMITS = {
  /** Signals one request may carry. */
  batch: 100,
  /** Signals kept per attempt; beyond it, more are counted as dropped and not stored. */
  perSession: 300,
  /** The longest duration believed: a day (a test lasts at most six hours). */
  maxDurationMs: 24 * 3600 * 1000,
  /** The largest paste counted, in characters. */
  maxLength: 1_000_000,
  /** The largest clock difference said (24 days, within a database integer): a device further off says this much. */
  maxClockMs: 24 * 24 * 3600 * 1000,
} as const;

/** A device clock further than this from the server's is worth saying. */
export const CLOCK_SIGNAL_MS = 60_000;
/** Shorter absences (a notification pulled down, a click on the address bar) are not worth saying. */
export const SHORTEST_SIGNAL_MS = 1_000;

export const SignalItem = refine(
  object({
    /** Made by the device: a repeat of the same id is harmless. */
    signal_id: Uuid,
    kind: enums(SIGNAL_KINDS),
    /** When it began, on the server's clock as the device knows it (as an answer's time). */
    at: EpochMs,
    duration_ms: optional(
      nullable(between(integer(), -SIGNAL_LIMITS.maxClockMs, SIGNAL_LIMITS.maxClockMs, 'must be a whole number of ms')),
    ),
    length: optional(nullable(between(integer(), 1, SIGNAL_LIMITS.maxLength, 'must be a whole number above 0'))),
    question_id: optional(nullable(Key)),
  }),
  'signal',
  (item) => {
    const duration = item.duration_ms ?? null;
    if (item.kind === 'paste') {
      if (item.length == null || item.question_id == null) return 'a paste says its length and its question';
      return duration === null || 'a paste has no duration';
    }
    if (item.length != null || item.question_id != null) return `a ${item.kind} signal has no length or question`;
    if (duration === null) return `a ${item.kind} signal says its duration_ms`;
    if (item.kind === 'clock')
      return Math.abs(duration) > CLOCK_SIGNAL_MS || 'a clock signal is only for more than a minute';
    return (duration >= 0 && duration <= SIGNAL_LIMITS.maxDurationMs) || 'must be from 0 to a day';
  },
);
export type SignalItem = Infer<typeof SignalItem>;

/** A batch of signals from the outbox; the session's token in the query or here, as the other writes take it. */
export const SignalRequest = object({
  api_token: optional(size(string(), 1, 200)),
  signals: size(array(SignalItem), 1, SIGNAL_LIMITS.batch),
});
export type SignalRequest = Infer<typeof SignalRequest>;

/**
 * What was done with a batch: stored, repeats of stored ones, offline periods joined to an outage
 * the attempt keeps (one outage is one period, however many pages or parts said it), and dropped
 * beyond the attempt's bound.
 */
export const SignalReceipt = type({
  stored: integer(),
  duplicates: integer(),
  joined: integer(),
  dropped: integer(),
  server_now: integer(),
});
export type SignalReceipt = Infer<typeof SignalReceipt>;

/** Each kind's count: on the monitor per taker, in the results CSV per attempt. */
export const SignalCounts = type({
  hidden: integer(),
  blur: integer(),
  paste: integer(),
  offline: integer(),
  clock: integer(),
});
export type SignalCounts = Infer<typeof SignalCounts>;

export const NO_SIGNALS: SignalCounts = { hidden: 0, blur: 0, paste: 0, offline: 0, clock: 0 };
