import { useEffect, useRef, useState } from 'react';
import { msUntilNextTick, remainingMs, type ServerClock } from './server-clock.ts';

/**
 * Milliseconds left until `deadline`, re-rendered when the shown second changes. Every tick asks
 * the clock afresh, so late timers (background tabs, a busy CPU) never add up to drift.
 * `onExpire` runs once when the time is over.
 */
export function useCountdown(clock: ServerClock, deadline: number, onExpire: () => void): number {
  const [left, setLeft] = useState(() => remainingMs(clock, deadline));
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;

    const tick = () => {
      clearTimeout(timer);
      const ms = remainingMs(clock, deadline);
      setLeft(ms);
      if (ms <= 0) {
        if (!done) {
          done = true;
          expire.current();
        }
        return;
      }
      timer = setTimeout(tick, msUntilNextTick(ms));
    };

    // Timers sleep in hidden tabs; catch up the moment the taker looks again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };

    tick();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [clock, deadline]);

  return left;
}
