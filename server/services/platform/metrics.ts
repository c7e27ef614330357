/**
 * The process's metrics in Prometheus's terms (prom-client), in a registry of its own so that
 * several apps in one process (the tests) never share a counter. What is cheap to count is counted
 * as it happens; what is a state (the writer's queue, running sessions, the pool) is read when
 * scraped.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AnswerEvents, AnswerOutcome } from '../sessions/answer-events.ts';
import type { JobState } from './job-runner.ts';

export interface MetricSources {
  /** Answers waiting for the writer's commit. */
  writerQueue: () => number;
  /** Sessions running now (one indexed count, at each scrape). */
  runningSessions: () => Promise<number>;
  /** The PostgreSQL pool's connections; null on SQLite, which has one connection and no pool. */
  pool: () => { total: number; idle: number; waiting: number } | null;
  /** The background jobs' runs (job-runner.ts). */
  jobs: () => JobState[];
}

/** Each job's figures, read at each scrape: what the runner counted since the process started. */
const JOB_GAUGES: { name: string; help: string; value: (job: JobState) => number | null }[] = [
  { name: 'zalik_job_runs', help: 'Runs of each background job since the process started', value: (j) => j.runs },
  {
    name: 'zalik_job_failures',
    help: 'Failed runs of each background job since the process started',
    value: (j) => j.failures,
  },
  {
    name: 'zalik_job_last_failed',
    help: 'Whether each background job’s last run failed (1) or not (0)',
    value: (j) => Number(j.lastFailed),
  },
  {
    name: 'zalik_job_last_run_timestamp_seconds',
    help: 'When each background job’s last run began',
    value: (j) => (j.lastStartedAt === null ? null : j.lastStartedAt / 1000),
  },
  {
    name: 'zalik_job_last_duration_seconds',
    help: 'How long each background job’s last run took',
    value: (j) => (j.lastDurationMs === null ? null : j.lastDurationMs / 1000),
  },
];

/** Seconds: from a cached read (well under a millisecond) to a slow start under a burst. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256];

export class Metrics implements AnswerEvents {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status'>;
  private readonly answers: Counter<'outcome'>;
  private readonly batches: Histogram;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: 'zalik_' });
    this.requests = new Histogram({
      name: 'zalik_http_request_duration_seconds',
      help: 'Requests by route (its pattern, not the path) and status: _count is how many, the buckets how long',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.answers = new Counter({
      name: 'zalik_answers_total',
      help: 'Answers taken: accepted, late (made before the deadline, arrived after it), duplicate (a repeat), refused',
      labelNames: ['outcome'],
      registers,
    });
    for (const outcome of ['accepted', 'late', 'duplicate', 'refused'] satisfies AnswerOutcome[]) {
      this.answers.inc({ outcome }, 0);
    }
    this.batches = new Histogram({
      name: 'zalik_answer_writer_batch_size',
      help: 'Answers per commit of the answer writer',
      buckets: BATCH_BUCKETS,
      registers,
    });
    new Gauge({
      name: 'zalik_answer_writer_queue',
      help: 'Answers waiting for the answer writer’s commit',
      registers,
      collect() {
        this.set(sources.writerQueue());
      },
    });
    new Gauge({
      name: 'zalik_sessions_running',
      help: 'Test sessions running now',
      registers,
      async collect() {
        this.set(await sources.runningSessions());
      },
    });
    new Gauge({
      name: 'zalik_db_pool_connections',
      help: 'PostgreSQL pool connections by state: total, idle, and requests waiting for one (absent on SQLite)',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = sources.pool();
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    for (const { name, help, value } of JOB_GAUGES) {
      new Gauge({
        name,
        help,
        labelNames: ['job'],
        registers,
        collect() {
          for (const job of sources.jobs()) {
            const figure = value(job);
            if (figure !== null) this.set({ job: job.name }, figure);
          }
        },
      });
    }
  }

  /** One request answered: `route` is its pattern (`/v1/…/:uuid/answer`), or "unmatched". */
  request(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status: String(status) }, seconds);
  }

  answer(outcome: AnswerOutcome): void {
    this.answers.inc({ outcome });
  }

  batch(size: number): void {
    this.batches.observe(size);
  }

  /** The text a scraper reads, and its content type. */
  async exposition(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
