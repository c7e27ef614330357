/**
 * The one way background work runs: on its schedule, never two runs of a job at once, each run
 * logged with its outcome and duration and counted, nothing started when the runner is off, and
 * nothing left running after its close.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type JobLog, JobRunner } from './job-runner.ts';

type Line = { level: 'debug' | 'info' | 'warn'; fields: Record<string, unknown>; message: string };

let lines: Line[];
let clock: number;
const log: JobLog = {
  debug: (fields, message) => lines.push({ level: 'debug', fields: fields as Line['fields'], message }),
  info: (fields, message) => lines.push({ level: 'info', fields: fields as Line['fields'], message }),
  warn: (fields, message) => lines.push({ level: 'warn', fields: fields as Line['fields'], message }),
};
const runner = (enabled = true) => new JobRunner({ now: () => clock, log, enabled });

beforeEach(() => {
  vi.useFakeTimers();
  lines = [];
  clock = Date.UTC(2026, 0, 1, 0, 0);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the job runner', () => {
  it('runs a job on its interval, never while its last run is under way, and logs each run with its duration', async () => {
    const jobs = runner();
    let running = 0;
    let most = 0;
    let runs = 0;
    jobs.add({
      name: 'slow',
      schedule: { everyMs: 100 },
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 250));
        clock += 250;
        running -= 1;
        return runs % 2 === 0 ? { runs } : null;
      },
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(most).toBe(1);
    // Ticks at 100, 400, 700 (each 250 ms, the ticks meanwhile passed over) and 1000 ms.
    expect(runs).toBe(4);
    expect(jobs.states[0]).toMatchObject({ name: 'slow', runs: 3, failures: 0, lastDurationMs: 250, running: true });
    expect(lines.filter((l) => l.level === 'info')).toEqual([
      { level: 'info', fields: { job: 'slow', ms: 250, runs: 2 }, message: 'job ran' },
    ]);
    expect(lines.filter((l) => l.level === 'debug').map((l) => l.fields)).toEqual([
      { job: 'slow', ms: 250 },
      { job: 'slow', ms: 250 },
    ]);
    const closing = jobs.close();
    await vi.advanceTimersByTimeAsync(250);
    await closing;
    expect(jobs.states[0]).toMatchObject({ runs: 4, running: false });
  });

  it('counts and logs a failed run, and runs the job again at its next tick', async () => {
    const jobs = runner();
    let calls = 0;
    jobs.add({
      name: 'flaky',
      schedule: { everyMs: 100 },
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
        return null;
      },
    });
    await vi.advanceTimersByTimeAsync(250);
    expect(jobs.states[0]).toMatchObject({ runs: 2, failures: 1, lastFailed: false });
    const warned = lines.filter((l) => l.level === 'warn');
    expect(warned).toHaveLength(1);
    expect(warned[0]?.message).toBe('job failed; will retry');
    expect(warned[0]?.fields.job).toBe('flaky');
    expect(String(warned[0]?.fields.err)).toContain('database away');
    await jobs.close();
  });

  it('starts no scheduled job when off, but a job on demand between its start and stop', async () => {
    const jobs = runner(false);
    let scheduled = 0;
    let polled = 0;
    const count = (add: () => void) => async () => {
      add();
      return null;
    };
    jobs.add({ name: 'sweep', schedule: { everyMs: 100 }, run: count(() => (scheduled += 1)) });
    const poll = jobs.add({
      name: 'poll',
      schedule: { everyMs: 100 },
      onDemand: true,
      run: count(() => (polled += 1)),
    });
    await vi.advanceTimersByTimeAsync(500);
    expect([scheduled, polled]).toEqual([0, 0]);
    poll.start();
    await vi.advanceTimersByTimeAsync(300);
    poll.stop();
    await vi.advanceTimersByTimeAsync(300);
    expect([scheduled, polled]).toEqual([0, 3]);
    expect(jobs.states.map((s) => s.name)).toEqual(['sweep', 'poll']);
    await jobs.close();
  });

  it('runs a daily job once in its hour (UTC), and again within the hour after a failure', async () => {
    const jobs = runner();
    const ran: number[] = [];
    let fail = true;
    jobs.add({
      name: 'nightly',
      schedule: { dailyAtHourUtc: 3 },
      run: async () => {
        ran.push(new Date(clock).getUTCHours());
        if (fail) {
          fail = false;
          throw new Error('busy');
        }
        return { removed: 0 };
      },
    });
    // Every quarter of an hour the job looks at the clock, which here moves with the timers.
    for (let quarter = 0; quarter < 4 * 30; quarter++) {
      await vi.advanceTimersByTimeAsync(15 * 60_000);
      clock += 15 * 60_000;
    }
    // The first night: failed at 03:00, done at 03:15, not again that hour; the next night once.
    expect(ran).toEqual([3, 3, 3]);
    expect(jobs.states[0]).toMatchObject({ runs: 3, failures: 1 });
    await jobs.close();
  });

  it('waits at its close for a run under way, and starts nothing after it', async () => {
    const jobs = runner();
    let finished = false;
    const job = jobs.add({
      name: 'long',
      schedule: { everyMs: 100 },
      onDemand: true,
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        finished = true;
        return null;
      },
    });
    job.start();
    await vi.advanceTimersByTimeAsync(150);
    const closing = jobs.close();
    await vi.advanceTimersByTimeAsync(1_000);
    await closing;
    expect(finished).toBe(true);
    job.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(jobs.states[0]).toMatchObject({ runs: 1, running: false });
  });
});
