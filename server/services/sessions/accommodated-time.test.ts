import { describe, expect, it } from 'vitest';
import type { Accommodation } from '../../../contract/accommodations.ts';
import { accommodatedDeadline, accommodatedDurationMs, UNTIMED_MAX_MS } from './accommodated-time.ts';

const MIN = 60_000;
const start = Date.UTC(2026, 10, 29, 9, 0, 0);
const times = (multiplier: 1.25 | 1.5 | 2): Accommodation => ({ time: 'multiplier', multiplier, read_aloud: false });
const extra = (minutes: number): Accommodation => ({
  time: 'extra_minutes',
  extra_minutes: minutes,
  read_aloud: false,
});
const untimed: Accommodation = { time: 'unlimited', read_aloud: false };
const readAloudOnly: Accommodation = { time: 'standard', read_aloud: true };

describe('an accommodated attempt’s time', () => {
  it('multiplies the test’s time, rounded to the second, or adds the extra minutes', () => {
    expect(accommodatedDurationMs(40 * MIN, times(1.5))).toBe(60 * MIN);
    expect(accommodatedDurationMs(40 * MIN, times(1.25))).toBe(50 * MIN);
    expect(accommodatedDurationMs(40 * MIN, times(2))).toBe(80 * MIN);
    // 7 min 7 s × 1.25 = 8 min 53.75 s: whole seconds, to the nearest.
    expect(accommodatedDurationMs(427_000, times(1.25))).toBe(534_000);
    expect(accommodatedDurationMs(40 * MIN, extra(15))).toBe(55 * MIN);
    expect(accommodatedDurationMs(40 * MIN, readAloudOnly)).toBe(40 * MIN);
    expect(accommodatedDurationMs(40 * MIN, null)).toBe(40 * MIN);
    expect(accommodatedDurationMs(40 * MIN, untimed)).toBeNull();
  });

  it('counts from the start, or from the signal in a lobby (a late arrival gets what is left of their own time)', () => {
    const timing = { countsFrom: start, baseMs: 40 * MIN, endsBy: null };
    expect(accommodatedDeadline(timing, null)).toBe(start + 40 * MIN);
    expect(accommodatedDeadline(timing, times(1.5))).toBe(start + 60 * MIN);
    // In a lobby every taker's time counts from the one signal: the difference is the accommodation's alone.
    const signal = { countsFrom: start, baseMs: 40 * MIN, endsBy: null };
    expect(accommodatedDeadline(signal, times(1.5)) - accommodatedDeadline(signal, null)).toBe(20 * MIN);
  });

  it('never runs past the window’s end, accommodated or not, and with no time limit ends there (or after a day)', () => {
    const closing = { countsFrom: start, baseMs: 40 * MIN, endsBy: start + 50 * MIN };
    expect(accommodatedDeadline(closing, null)).toBe(start + 40 * MIN);
    expect(accommodatedDeadline(closing, times(1.5))).toBe(start + 50 * MIN);
    expect(accommodatedDeadline(closing, untimed)).toBe(start + 50 * MIN);
    expect(accommodatedDeadline({ ...closing, endsBy: null }, untimed)).toBe(start + UNTIMED_MAX_MS);
  });

  it('puts the tutor’s extra time on top of everything, the window’s end included', () => {
    const closing = { countsFrom: start, baseMs: 40 * MIN, endsBy: start + 50 * MIN };
    expect(accommodatedDeadline(closing, extra(5), 10 * MIN)).toBe(start + 55 * MIN);
    expect(accommodatedDeadline(closing, times(2), 10 * MIN)).toBe(start + 60 * MIN);
    expect(accommodatedDeadline({ ...closing, endsBy: null }, times(1.5), 10 * MIN)).toBe(start + 70 * MIN);
  });
});
