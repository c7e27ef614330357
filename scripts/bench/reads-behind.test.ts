import { describe, expect, it } from 'vitest';
import { readsBehind } from './assignment-scenario.ts';

describe('the monitor reads that showed less than had been acknowledged before they were sent', () => {
  const acknowledgedAt = [10, 20, 20, 35, 50];
  const watch = (spans: [number, number][], shown: number[]) => ({
    reads: spans.length,
    latencies: [],
    spans,
    shown,
    sent: [],
  });
  // Acknowledged before each: none before 5; one before 20 (the two at 20 are not before it); four
  // before 36; five before 60.
  const leaving: [number, number][] = [5, 20, 36, 60].map((from) => [from, from + 2]);

  it('counts a read behind when it shows fewer questions than were acknowledged before it left', () => {
    expect(readsBehind(watch(leaving, [0, 1, 4, 5]), acknowledgedAt)).toBe(0);
    expect(readsBehind(watch(leaving, [0, 1, 3, 5]), acknowledgedAt)).toBe(1);
    expect(readsBehind(watch(leaving, [0, 0, 3, 4]), acknowledgedAt)).toBe(3);
  });

  it('takes more than was acknowledged (answers the takers sent meanwhile) as current', () => {
    expect(readsBehind(watch([[15, 16]], [3]), acknowledgedAt)).toBe(0);
    expect(readsBehind(watch([], []), acknowledgedAt)).toBe(0);
  });
});
