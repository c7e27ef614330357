/**
 * A small pool of worker threads for synchronous work that must not hold the event loop (parsing a
 * tutor's formulas, reading an uploaded bank, rendering formulas for an export). Each job has a time
 * budget of its own: a thread that overruns it is ended (synchronous code cannot be interrupted) and
 * replaced, and the job fails as `overrun`. Jobs carry a lane (whose they are), and the lanes take
 * turns: a free thread takes the oldest job of the lane that has waited longest since its last start
 * (and has nothing running, where one has not), so one tutor's twenty files do not make another
 * tutor's one wait. Threads start when first needed and, idle, keep nothing alive.
 *
 * A thread's module answers this protocol: it posts `{ ready: true }` once loaded (a job's clock
 * starts only then), takes `{ id, input }` and answers `{ id, value }` or `{ id, error }`.
 */
import { type ResourceLimits, Worker } from 'node:worker_threads';

/**
 * Why a job has no value: its thread overran the budget, failed or stopped, could not even start,
 * its deadline passed before a thread took it, or the pool closed.
 */
export type PoolFailure = 'overrun' | 'error' | 'unavailable' | 'expired' | 'closed';
export type PoolOutcome<R> = { value: R } | { failed: PoolFailure; message?: string };

export interface ThreadPoolOptions {
  /** Threads at most. */
  threads: number;
  /** How long one job may run on its thread. */
  budgetMs: number;
  /** Each thread's heap and stack: a file that needs more fails alone instead of the process. */
  resourceLimits?: ResourceLimits;
}

interface Job<T, R> {
  id: number;
  input: T;
  lane: string;
  /** Not started by then: `expired`. */
  deadline: number;
  done: (outcome: PoolOutcome<R>) => void;
}

interface Thread<T, R> {
  worker: Worker;
  ready: boolean;
  job: Job<T, R> | null;
  timer?: NodeJS.Timeout;
  /** Ended for running past the budget. */
  overran?: boolean;
}

export class ThreadPool<T, R> {
  private readonly queue: Job<T, R>[] = [];
  private readonly threads: Thread<T, R>[] = [];
  private nextId = 1;
  private closed = false;
  /** When each lane last had a job started (a count of starts), for taking turns. */
  private readonly lastStart = new Map<string, number>();
  private starts = 0;

  constructor(
    private readonly file: URL,
    private readonly options: ThreadPoolOptions,
  ) {}

  /** Jobs running or waiting for a thread. */
  get busy(): number {
    return this.queue.length + this.threads.filter((t) => t.job !== null).length;
  }

  run(input: T, { lane = '', deadline = Number.POSITIVE_INFINITY } = {}): Promise<PoolOutcome<R>> {
    return new Promise((done) => {
      this.queue.push({ id: this.nextId++, input, lane, deadline, done });
      this.next();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.next();
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }

  /** The job a free thread takes: the oldest of the lane whose turn it is. */
  private pick(): number {
    const running = new Set(this.threads.flatMap((t) => (t.job ? [t.job.lane] : [])));
    let best = 0;
    let bestRank = Number.POSITIVE_INFINITY;
    this.queue.forEach((job, at) => {
      // A lane with a job running waits behind every lane without one; then the longest unserved.
      const rank = (running.has(job.lane) ? this.starts + 1 : 0) + (this.lastStart.get(job.lane) ?? -1);
      if (rank < bestRank) [best, bestRank] = [at, rank];
    });
    return best;
  }

  private next(): void {
    while (this.queue.length > 0) {
      const expired = this.queue.findIndex((job) => this.closed || Date.now() >= job.deadline);
      if (expired !== -1) {
        const [job] = this.queue.splice(expired, 1);
        job?.done({ failed: this.closed ? 'closed' : 'expired' });
        continue;
      }
      const thread = this.threads.find((t) => t.ready && t.job === null);
      if (!thread) {
        if (!this.threads.some((t) => !t.ready)) this.start();
        return;
      }
      const [job] = this.queue.splice(this.pick(), 1) as [Job<T, R>];
      this.lastStart.delete(job.lane);
      this.lastStart.set(job.lane, this.starts++);
      // Lanes seen long ago are forgotten: they would rank as never served, which is the same.
      if (this.lastStart.size > 1000) this.lastStart.delete(this.lastStart.keys().next().value as string);
      thread.job = job;
      thread.timer = setTimeout(() => {
        thread.overran = true;
        void thread.worker.terminate();
      }, this.options.budgetMs);
      thread.worker.ref();
      thread.worker.postMessage({ id: job.id, input: job.input });
    }
  }

  private start(): void {
    if (this.closed || this.threads.length >= this.options.threads) return;
    const worker = new Worker(
      this.file,
      this.options.resourceLimits ? { resourceLimits: this.options.resourceLimits } : {},
    );
    const thread: Thread<T, R> = { worker, ready: false, job: null };
    worker.on('message', (message: { ready?: true; id?: number; value?: R; error?: string }) => {
      if (message.ready) {
        thread.ready = true;
        thread.worker.unref();
        return this.next();
      }
      const job = thread.job;
      if (!job || job.id !== message.id) return;
      clearTimeout(thread.timer);
      thread.job = null;
      // An idle thread does not keep the process alive.
      thread.worker.unref();
      job.done(
        message.error === undefined ? { value: message.value as R } : { failed: 'error', message: message.error },
      );
      this.next();
    });
    worker.on('error', (error) => this.replace(thread, 'error', error.message));
    worker.on('exit', () => this.replace(thread, thread.overran ? 'overrun' : 'error'));
    this.threads.push(thread);
  }

  /** A thread gone (ended for overrunning, or failed): its job fails, and the queue goes on with a new one. */
  private replace(thread: Thread<T, R>, failed: PoolFailure, message?: string): void {
    const at = this.threads.indexOf(thread);
    if (at < 0) return;
    this.threads.splice(at, 1);
    clearTimeout(thread.timer);
    const job = thread.job;
    thread.job = null;
    job?.done({ failed: this.closed ? 'closed' : failed, ...(message ? { message } : {}) });
    // A thread that could not even load would fail again: what waits fails, this time.
    if (!thread.ready) for (const waiting of this.queue.splice(0)) waiting.done({ failed: 'unavailable', message });
    this.next();
  }
}
