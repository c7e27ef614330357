/**
 * A read that a whole class makes at once and that seldom changes, kept for a moment: every
 * preview and every start of an exam looks up the same catalog lesson, and each lookup was a round
 * trip to the database (on PostgreSQL with a synchronized start, socket writes to the database were
 * a third of a server process's busy time). Kept `ttlMs`, it is one query per key and process in that
 * time, and a change (a new version imported, a lesson unpublished) reaches every process within
 * it. Lookups that meet a read under way share it; a failed read is not kept.
 */
export class KeptBriefly<K, V> {
  private readonly kept = new Map<K, { value: Promise<V>; readAt: number }>();

  constructor(
    private readonly now: () => number,
    readonly ttlMs = 2_000,
    /** Keys come from URLs, so anyone can make new ones: the oldest read goes first beyond this. */
    private readonly maxKeys = 1_000,
  ) {}

  get(key: K, read: () => Promise<V>): Promise<V> {
    const now = this.now();
    const kept = this.kept.get(key);
    // A clock set back (a test's, or the machine's) must not keep a read for longer.
    if (kept && now - kept.readAt < this.ttlMs && now >= kept.readAt) return kept.value;
    return this.keep(key, read(), now);
  }

  /** A value just read elsewhere (a start reads its lesson anyway), kept as if read now. */
  put(key: K, value: V): void {
    this.keep(key, Promise.resolve(value), this.now());
  }

  private keep(key: K, value: Promise<V>, now: number): Promise<V> {
    this.kept.delete(key);
    if (this.kept.size >= this.maxKeys) this.kept.delete(this.kept.keys().next().value as K);
    this.kept.set(key, { value, readAt: now });
    value.catch(() => {
      if (this.kept.get(key)?.value === value) this.kept.delete(key);
    });
    return value;
  }

  get size(): number {
    return this.kept.size;
  }
}
