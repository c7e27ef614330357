/**
 * The server's time as seen from the browser. The countdown must agree with the server that
 * enforces the deadline, whatever the device's own clock says, and must not drift while the
 * page is open. So: anchor on the last `server_now` the server sent, and advance from there with
 * the monotonic `performance.now()`, which wall-clock changes and NTP jumps do not touch.
 */
export interface ServerClock {
  /** Server epoch milliseconds now. */
  now(): number;
  /** `server_now − Date.now()` at the last sync: how far this device's clock is off. */
  readonly offsetMs: number;
  /**
   * Re-anchors on a `server_now` from an answer. `sentAt` (a `performance.now()` taken when the
   * request left) lets the clock place that moment halfway through the round trip.
   */
  sync(serverNow: number, sentAt?: number): void;
  /** A monotonic timestamp to pass back as `sentAt`. */
  stamp(): number;
}

/** A server time just received, with `performance.now()` when it arrived. */
export interface FreshClock {
  serverNow: number;
  receivedAt: number;
}

export interface ClockSources {
  monotonic: () => number;
  wall: () => number;
}

const browserSources: ClockSources = {
  monotonic: () => performance.now(),
  wall: () => Date.now(),
};

export function createServerClock(
  serverNow: number,
  receivedAt?: number,
  sources: ClockSources = browserSources,
): ServerClock {
  let anchorServer = serverNow;
  let anchorMonotonic = receivedAt ?? sources.monotonic();
  let offsetMs = serverNow - sources.wall();

  return {
    now: () => anchorServer + (sources.monotonic() - anchorMonotonic),
    get offsetMs() {
      return offsetMs;
    },
    sync(next, sentAt) {
      const arrived = sources.monotonic();
      anchorServer = next;
      anchorMonotonic = sentAt === undefined ? arrived : (sentAt + arrived) / 2;
      offsetMs = next - sources.wall();
    },
    stamp: () => sources.monotonic(),
  };
}

/** Milliseconds until `deadline` (server epoch ms), never below zero. */
export function remainingMs(clock: ServerClock, deadline: number): number {
  return Math.max(0, deadline - clock.now());
}

/**
 * `mm:ss`, or `h:mm:ss` from an hour up. Rounds up, so the display reads 00:00 only when the
 * time is really over, never a second early.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/**
 * Delay until the displayed second changes, so ticks land on the change rather than drift past
 * it. A timer that fires a little early just finds the same second and schedules a short hop.
 */
export function msUntilNextTick(ms: number): number {
  const rest = ms % 1000;
  return rest === 0 ? 1000 : rest;
}

/** What a resume needs to estimate the server's time without asking it. */
export interface StoredClock {
  /** `server time − Date.now()`, kept current while a page runs (see `measuredOffset`). */
  offsetMs: number;
  /** The latest server time this device knew. */
  lastServerNow: number;
}

/**
 * The server's time on a resume with no connection. The stored offset applied to the device clock,
 * but never earlier than the latest server time already seen: a device clock moved back while the
 * app was closed cannot hand back time. A clock moved forward only makes the estimate later, which
 * costs the taker time instead of giving it, and the server's own time replaces it once it answers.
 */
export function offlineServerNow(stored: StoredClock, wallNow: number): number {
  return Math.max(wallNow + stored.offsetMs, stored.lastServerNow);
}

/**
 * The offset to store while a page runs: the monotonic server estimate minus the device clock of
 * now. Re-measured every few seconds, it follows a device clock moved during the test, so a reload
 * after such a move still lands on the server's time.
 */
export function measuredOffset(clock: ServerClock, wallNow: number): number {
  return clock.now() - wallNow;
}
