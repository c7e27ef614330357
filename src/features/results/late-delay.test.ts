import { describe, expect, it } from 'vitest';
import { formatDelay } from './late-delay.ts';

describe('formatDelay', () => {
  it('says how late an answer arrived in short units', () => {
    expect(formatDelay('en', 40_000)).toBe('40 sec');
    expect(formatDelay('en', 130_000)).toBe('2 min 10 sec');
    expect(formatDelay('en', 3 * 3_600_000 + 5 * 60_000 + 7_000)).toBe('3 hr 5 min');
  });

  it('never says zero for an answer that was late', () => {
    expect(formatDelay('en', 200)).toBe('1 sec');
  });

  it('uses the locale’s words', () => {
    expect(formatDelay('uk', 130_000)).not.toBe(formatDelay('en', 130_000));
  });
});
