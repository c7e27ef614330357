/**
 * `npm run bench:restart`: the server stops in the middle of the exam (a deploy, a crash and its
 * restart) for BENCH_RESTART_SECONDS, while the takers go on answering, and starts again on the
 * same data. Each taker keeps its answers as the app does: queued in order and sent with the app's
 * own retry policy (offline-queue/sender.ts: exponential backoff with jitter, capped while the test
 * is open, and an attempt at once on each new answer). Measured: how long after the server's
 * return each answer that waited through the outage was acknowledged.
 */
import { BACKOFF_OPEN_TEST_MAX_MS, backoffDelay } from '../../offline-queue/sender.ts';

/** The retry cap of the app while a test is open; BENCH_RETRY_CAP_MS tries another (60000: the app's cap before). */
const RETRY_CAP_MS = Number(process.env.BENCH_RETRY_CAP_MS ?? BACKOFF_OPEN_TEST_MAX_MS);

/** The stop begins this long after the last taker's start: everyone is answering by then. */
export const OUTAGE_AFTER_STARTS_S = 20;

/** When the stop began (SIGTERM sent) and when the restarted server answered again. */
export const outage = { stoppingAt: null as number | null, backAt: null as number | null };

/** How a request is filed: before the stop, while the server is stopping or away, or after its return. */
export function phase(now = performance.now()): '' | ' [server away]' | ' [after restart]' {
  if (outage.stoppingAt === null || now < outage.stoppingAt) return '';
  return outage.backAt === null ? ' [server away]' : ' [after restart]';
}

/** Stops every server, waits `awayMs` after the last has exited, and starts them again. */
export async function runOutage(at: number, awayMs: number, stop: () => Promise<void>, start: () => Promise<void>) {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
  outage.stoppingAt = performance.now();
  await stop();
  const exitedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, awayMs));
  await start();
  outage.backAt = performance.now();
  return { stoppingMs: exitedAt - outage.stoppingAt, awayMs: outage.backAt - exitedAt };
}

export interface QueuedAnswer {
  answer_id: string;
  question_id: string;
  value: unknown;
  answered_at: number;
}

/** What one request did with a batch: the ids the server acknowledged, and those it settled either way. */
export type Sent = { acknowledged: string[]; settled: string[] } | null;

/** Milliseconds from the server's return to the acknowledgement, of every answer that waited through it. */
export const waitsAfterReturn: number[] = [];

/** One taker's outbox: answers in order, sent in batches, retried until the server settles them. */
export class RetryingOutbox {
  private queue: (QueuedAnswer & { queuedAt: number })[] = [];
  private pumping: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly send: (batch: QueuedAnswer[]) => Promise<Sent>) {}

  add(answer: QueuedAnswer): void {
    this.queue.push({ ...answer, queuedAt: performance.now() });
    // As the app does: a new answer cuts a backoff short and tries at once.
    if (this.wake) this.wake();
    else if (!this.pumping) this.pumping = this.pump().finally(() => (this.pumping = null));
  }

  /** Resolves once everything queued is settled (the taker then finishes). */
  async drained(): Promise<void> {
    while (this.pumping) await this.pumping;
  }

  private async pump(): Promise<void> {
    let failures = 0;
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, 100);
      const sent = await this.send(batch.map(({ queuedAt: _queuedAt, ...answer }) => answer));
      if (sent) {
        failures = 0;
        const now = performance.now();
        const acknowledged = new Set(sent.acknowledged);
        for (const answer of batch) {
          if (acknowledged.has(answer.answer_id) && outage.backAt !== null && answer.queuedAt < outage.backAt) {
            waitsAfterReturn.push(now - outage.backAt);
          }
        }
        const settled = new Set(sent.settled);
        this.queue = this.queue.filter((answer) => !settled.has(answer.answer_id));
        if (settled.size === 0) failures += 1;
      } else failures += 1;
      if (failures > 0 && this.queue.length > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, backoffDelay(failures, Math.random, RETRY_CAP_MS));
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wake = null;
      }
    }
  }
}
