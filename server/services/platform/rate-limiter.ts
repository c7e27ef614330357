/**
 * Fixed-window counters in this process, on an injectable clock. Behind @fastify/rate-limit's store
 * interface (plugins/app/rate-limits.ts); Redis takes their place when several processes serve.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(readonly now: () => number = Date.now) {}

  /** Counts one hit on key and tells the count in the current window and when it ends. */
  count(key: string, windowMs: number): { count: number; resetAt: number } {
    const now = this.now();
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, entry);
      if (this.windows.size > 100_000) this.prune(now);
    }
    entry.count++;
    return { count: entry.count, resetAt: entry.resetAt };
  }

  private prune(now: number) {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}
