/**
 * An attempt's deadline under a standing accommodation (contract/accommodations.ts), as a pure
 * rule the start and a change mid-test both use:
 * - the duration is the test's (or the assignment's) time: multiplied (rounded to the second), with
 *   the extra minutes added, or none (no time limit: until the window closes, or a day);
 * - it counts from the start, or from the tutor's signal when late starters get the time left;
 * - no attempt runs past the assignment's closing, accommodated or not: a window that closes is
 *   the same for everyone (results released at the closing must not reach someone still writing);
 * - extra time the tutor gives during the attempt comes on top of all of it.
 */
import type { Accommodation } from '../../../contract/accommodations.ts';

/** How long an attempt with no time limit may run when its assignment has no closing time. */
export const UNTIMED_MAX_MS = 24 * 3600 * 1000;

export interface AttemptTiming {
  /** The moment its time counts from: the start, or the signal. */
  countsFrom: number;
  /** The time limit before any accommodation, ms. */
  baseMs: number;
  /** The assignment's closing time, if it has one. */
  endsBy: number | null;
}

/** The time limit an accommodation gives, ms; null for none. */
export function accommodatedDurationMs(baseMs: number, accommodation: Accommodation | null): number | null {
  if (!accommodation) return baseMs;
  switch (accommodation.time) {
    case 'standard':
      return baseMs;
    case 'multiplier':
      return Math.round((baseMs * (accommodation.multiplier ?? 1)) / 1000) * 1000;
    case 'extra_minutes':
      return baseMs + (accommodation.extra_minutes ?? 0) * 60_000;
    case 'unlimited':
      return null;
  }
}

/** The deadline: from `countsFrom`, the accommodated time, never past the closing, then `extraMs` on top. */
export function accommodatedDeadline(timing: AttemptTiming, accommodation: Accommodation | null, extraMs = 0): number {
  const duration = accommodatedDurationMs(timing.baseMs, accommodation);
  let deadline = timing.countsFrom + (duration ?? UNTIMED_MAX_MS);
  if (timing.endsBy !== null) deadline = Math.min(deadline, timing.endsBy);
  return deadline + extraMs;
}

/** Whether the accommodation leaves the attempt without a time limit. */
export const isUntimed = (accommodation: Accommodation | null) => accommodation?.time === 'unlimited';
