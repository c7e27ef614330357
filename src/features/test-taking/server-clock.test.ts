import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ClockSources,
  createServerClock,
  formatCountdown,
  measuredOffset,
  msUntilNextTick,
  offlineServerNow,
  remainingMs,
} from './server-clock.ts';
import { useCountdown } from './use-countdown.ts';

/** Hand-driven clocks: the device's wall clock and the monotonic one move independently. */
function fakeSources(wall: number, monotonic = 1000) {
  const sources: ClockSources & { wallAt: number; monoAt: number } = {
    wallAt: wall,
    monoAt: monotonic,
    wall: () => sources.wallAt,
    monotonic: () => sources.monoAt,
  };
  return sources;
}

describe('server clock', () => {
  it('measures the offset between the server and this device', () => {
    const sources = fakeSources(1_000_000);
    const clock = createServerClock(1_004_500, undefined, sources);
    expect(clock.offsetMs).toBe(4_500);
    expect(clock.now()).toBe(1_004_500);
  });

  it('advances with the monotonic clock and ignores wall-clock jumps', () => {
    const sources = fakeSources(1_000_000);
    const clock = createServerClock(2_000_000, undefined, sources);
    sources.monoAt += 1_500;
    sources.wallAt -= 3_600_000; // the user set the device clock back an hour
    expect(clock.now()).toBe(2_001_500);
  });

  it('re-anchors on every server answer and updates the offset', () => {
    const sources = fakeSources(1_000_000);
    const clock = createServerClock(1_000_000, undefined, sources);
    sources.monoAt += 10_000;
    sources.wallAt += 10_000;
    clock.sync(1_012_000);
    expect(clock.now()).toBe(1_012_000);
    expect(clock.offsetMs).toBe(2_000);
  });

  it('places a synced server time halfway through the round trip', () => {
    const sources = fakeSources(0, 5_000);
    const clock = createServerClock(100_000, undefined, sources);
    const sentAt = clock.stamp();
    sources.monoAt += 400; // the request took 400 ms there and back
    clock.sync(200_000, sentAt);
    expect(clock.now()).toBe(200_200);
  });

  it('anchors the first reading on when it arrived, not when the clock was built', () => {
    const sources = fakeSources(0, 5_000);
    const clock = createServerClock(100_000, 4_000, sources);
    expect(clock.now()).toBe(101_000);
  });

  it('never reports negative time left', () => {
    const sources = fakeSources(0, 0);
    const clock = createServerClock(10_000, undefined, sources);
    expect(remainingMs(clock, 12_500)).toBe(2_500);
    sources.monoAt += 5_000;
    expect(remainingMs(clock, 12_500)).toBe(0);
  });
});

describe('formatCountdown', () => {
  it.each([
    [0, '00:00'],
    [1, '00:01'],
    [999, '00:01'],
    [1_000, '00:01'],
    [1_001, '00:02'],
    [59_000, '00:59'],
    [60_000, '01:00'],
    [25 * 60_000, '25:00'],
    [3_600_000, '1:00:00'],
    [3_600_000 + 61_000, '1:01:01'],
    [-5_000, '00:00'],
  ])('%i ms shows %s', (ms, shown) => {
    expect(formatCountdown(ms)).toBe(shown);
  });

  it('schedules the next tick just after the shown second changes', () => {
    expect(msUntilNextTick(4_250)).toBe(250);
    expect(msUntilNextTick(4_000)).toBe(1_000);
  });
});

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down from the server deadline despite a skewed device clock, and expires once', () => {
    // The device's clock is 7 minutes behind the server's; the deadline is 90 s away on the server.
    vi.setSystemTime(1_700_000_000_000);
    const serverNow = Date.now() + 7 * 60_000;
    const clock = createServerClock(serverNow);
    const onExpire = vi.fn();
    const { result } = renderHook(() => useCountdown(clock, serverNow + 90_000, onExpire));

    expect(formatCountdown(result.current)).toBe('01:30');
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    expect(formatCountdown(result.current)).toBe('01:00');
    act(() => {
      vi.advanceTimersByTime(59_500);
    });
    expect(formatCountdown(result.current)).toBe('00:01');
    expect(onExpire).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current).toBe(0);
    expect(onExpire).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('follows a sync that moves the server time on', () => {
    vi.setSystemTime(1_700_000_000_000);
    const clock = createServerClock(Date.now());
    const deadline = Date.now() + 10 * 60_000;
    const { result } = renderHook(() => useCountdown(clock, deadline, () => {}));
    expect(formatCountdown(result.current)).toBe('10:00');
    // The server says 2 minutes more have passed than we thought (the tab was asleep, say).
    clock.sync(Date.now() + 2 * 60_000);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(formatCountdown(result.current)).toBe('07:59');
  });
});

describe('a resume without the server', () => {
  it('applies the stored offset to the device clock', () => {
    expect(offlineServerNow({ offsetMs: 5_000, lastServerNow: 0 }, 100_000)).toBe(105_000);
  });

  it('never goes back before the latest known server time when the device clock was moved back', () => {
    // Ten minutes back on the device: the floor keeps the estimate at what the server last said.
    expect(offlineServerNow({ offsetMs: 0, lastServerNow: 700_000 }, 100_000)).toBe(700_000);
  });

  it('follows a device clock moved forward (time is lost, never gained)', () => {
    expect(offlineServerNow({ offsetMs: 0, lastServerNow: 100_000 }, 700_000)).toBe(700_000);
  });

  it('measures the offset against the monotonic clock, so a moved device clock does not skew it', () => {
    let monotonic = 0;
    const clock = createServerClock(1_000_000, 0, { monotonic: () => monotonic, wall: () => 1_000_000 });
    monotonic = 60_000;
    // The device clock was set back an hour meanwhile; the server's time still moved a minute.
    const wall = 1_060_000 - 3_600_000;
    const offset = measuredOffset(clock, wall);
    expect(offset).toBe(3_600_000);
    expect(offlineServerNow({ offsetMs: offset, lastServerNow: 0 }, wall)).toBe(1_060_000);
  });

  it('counts down with the monotonic clock, whatever the device clock does', () => {
    let monotonic = 0;
    let wall = 1_000_000;
    const clock = createServerClock(1_000_000, 0, { monotonic: () => monotonic, wall: () => wall });
    const deadline = 1_000_000 + 15 * 60_000;
    wall += 3_600_000; // moved an hour forward
    monotonic += 1_000;
    expect(remainingMs(clock, deadline)).toBe(15 * 60_000 - 1_000);
    wall -= 7_200_000; // then two hours back
    monotonic += 1_000;
    expect(remainingMs(clock, deadline)).toBe(15 * 60_000 - 2_000);
    // A server answer corrects it (the round trip's midpoint).
    clock.sync(1_000_000 + 3_000, 1_000);
    expect(clock.now()).toBe(1_000_000 + 3_000 + 500);
  });
});
