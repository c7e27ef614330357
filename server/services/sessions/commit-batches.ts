/**
 * The batching of the hot paths' writers (starts, answers, finishes): what arrives in the same turn
 * of the event loop is written in the same commit, each caller answered only after the commit that
 * holds its row. While `maxInFlight` commits (2 unless the writer says) are under way, what arrives
 * waits to join the next: under load that makes fewer, larger commits rather than one per turn, each
 * holding a database connection and, on PostgreSQL, a flush to disk (a class's deadline was a queue
 * for the disk).
 */
const MAX_BATCH = 256;

export class CommitBatches<T> {
  private queue: T[] = [];
  private scheduled = false;
  private inFlight = 0;

  /** `write` settles every item of its batch itself; it must not throw. */
  constructor(
    private readonly write: (batch: T[]) => Promise<void>,
    private readonly maxInFlight = 2,
  ) {}

  /** Items waiting for a commit to begin. */
  get pending(): number {
    return this.queue.length;
  }

  push(item: T): void {
    this.queue.push(item);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, MAX_BATCH);
    if (batch.length === 0) return;
    this.inFlight += 1;
    this.schedule();
    try {
      await this.write(batch);
    } finally {
      this.inFlight -= 1;
      this.schedule();
    }
  }
}
