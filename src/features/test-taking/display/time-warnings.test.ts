import { describe, expect, it } from 'vitest';
import { timeWarning } from './time-warnings.ts';

const MIN = 60_000;

describe('the time’s warnings', () => {
  it('are held from 10, 5 and 1 minute left through that minute, politely then at once, and at the end', () => {
    expect(timeWarning(10 * MIN + 1)).toBeNull();
    expect(timeWarning(10 * MIN)).toEqual({ minutes: 10, urgent: false });
    expect(timeWarning(9 * MIN + 1)).toEqual({ minutes: 10, urgent: false });
    expect(timeWarning(9 * MIN)).toBeNull();
    expect(timeWarning(5 * MIN)).toEqual({ minutes: 5, urgent: false });
    expect(timeWarning(2 * MIN)).toBeNull();
    expect(timeWarning(MIN)).toEqual({ minutes: 1, urgent: true });
    expect(timeWarning(1)).toEqual({ minutes: 1, urgent: true });
    expect(timeWarning(0)).toEqual({ minutes: 0, urgent: true });
  });
});
