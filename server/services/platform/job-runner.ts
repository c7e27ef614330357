/**
 * The server's background work, started one way (as Actual's `app.service()`): each job has a name,
 * a schedule (every so many milliseconds, or once a day at an hour UTC), a guard so that a run never
 * starts while its last one is under way, a log line for each run with its outcome and duration, a
 * state `/metrics` shows, and it stops when the app closes. A scheduled job starts with the runner
 * unless the runner is off (`jobs: false`: the tests, which run a job's work by hand); a job on
 * demand (the lobby's poll while a request waits) runs only between its `start()` and `stop()`.
 */

export type JobSchedule = { everyMs: number } | { dailyAtHourUtc: number };

/** What a run has to tell, logged with it; null when it has nothing to tell (then logged at debug). */
export type JobReport = Record<string, unknown> | null;

export interface JobDefinition {
  /** One word or two, in the log (`job`) and in /metrics (`job` label). */
  name: string;
  schedule: JobSchedule;
  run: () => Promise<JobReport>;
  /** Started by the job's owner when there is something to do, not by the runner. */
  onDemand?: boolean;
}

export interface JobState {
  name: string;
  runs: number;
  failures: number;
  running: boolean;
  lastStartedAt: number | null;
  lastDurationMs: number | null;
  lastFailed: boolean;
}

export interface Job {
  readonly state: JobState;
  start(): void;
  stop(): void;
  /** Runs it now unless a run is under way; resolves when done, with whether it succeeded. */
  runNow(): Promise<boolean>;
}

/** The logger's three levels a job uses (Fastify's pino logger has them). */
export interface JobLog {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** A daily job looks at the clock this often: within a quarter of an hour of its hour, whatever the clock did. */
const DAILY_LOOK_MS = 15 * 60_000;
const DAY_MS = 24 * 3_600_000;

export class JobRunner {
  private readonly jobs: ScheduledJob[] = [];
  private closed = false;

  constructor(private readonly options: { now: () => number; log: JobLog; enabled: boolean }) {}

  add(definition: JobDefinition): Job {
    const job = new ScheduledJob(definition, this.options);
    this.jobs.push(job);
    // Added after the close (a request served while the app stopped): it never runs.
    if (this.closed) job.retire();
    else if (!definition.onDemand && this.options.enabled) job.start();
    return job;
  }

  /** The job of that name (a test runs one by hand). */
  job(name: string): Job | undefined {
    return this.jobs.find((job) => job.state.name === name);
  }

  get states(): JobState[] {
    return this.jobs.map((job) => ({ ...job.state }));
  }

  /** Stops every job, then waits for the runs under way. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.jobs) job.retire();
    await Promise.all(this.jobs.map((job) => job.settled()));
  }
}

class ScheduledJob implements Job {
  readonly state: JobState;
  private timer: ReturnType<typeof setInterval> | null = null;
  private current: Promise<boolean> | null = null;
  /** A daily job: the day (since the epoch, UTC) of its last good run. */
  private doneDay = -1;
  /** Its runner closed: it never starts again (a lobby request held past the close, say). */
  private retired = false;

  constructor(
    private readonly definition: JobDefinition,
    private readonly options: { now: () => number; log: JobLog },
  ) {
    this.state = {
      name: definition.name,
      runs: 0,
      failures: 0,
      running: false,
      lastStartedAt: null,
      lastDurationMs: null,
      lastFailed: false,
    };
  }

  start(): void {
    if (this.timer || this.retired) return;
    const { schedule } = this.definition;
    const tick = 'everyMs' in schedule ? () => void this.runNow() : () => void this.daily(schedule.dailyAtHourUtc);
    this.timer = setInterval(tick, 'everyMs' in schedule ? schedule.everyMs : DAILY_LOOK_MS);
    // A job never keeps the process alive: a stop closes the app, and the app stops its jobs.
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  retire(): void {
    this.retired = true;
    this.stop();
  }

  runNow(): Promise<boolean> {
    this.current ??= this.once().finally(() => {
      this.current = null;
    });
    return this.current;
  }

  async settled(): Promise<void> {
    await this.current;
  }

  /** Once a day in its hour; a failed run is tried again at the next look within the hour. */
  private async daily(hourUtc: number): Promise<void> {
    const now = this.options.now();
    const day = Math.floor(now / DAY_MS);
    if (day === this.doneDay || new Date(now).getUTCHours() !== hourUtc || this.current) return;
    if (await this.runNow()) this.doneDay = day;
  }

  private async once(): Promise<boolean> {
    const { name } = this.definition;
    const started = this.options.now();
    this.state.running = true;
    this.state.lastStartedAt = started;
    try {
      const report = await this.definition.run();
      const ms = this.options.now() - started;
      this.record(ms, false);
      if (report) this.options.log.info({ job: name, ms, ...report }, 'job ran');
      else this.options.log.debug({ job: name, ms }, 'job ran');
      return true;
    } catch (error) {
      this.record(this.options.now() - started, true);
      this.options.log.warn({ job: name, err: error }, 'job failed; will retry');
      return false;
    }
  }

  private record(ms: number, failed: boolean): void {
    this.state.running = false;
    this.state.runs += 1;
    if (failed) this.state.failures += 1;
    this.state.lastDurationMs = ms;
    this.state.lastFailed = failed;
  }
}
