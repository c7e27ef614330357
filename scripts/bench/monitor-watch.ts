/**
 * The tutor's monitor during the exam (`npm run bench:assignment`): read as the app reads it, in
 * every other window, in a process of its own (monitor-watcher.ts), as the tutor is another device.
 */
import { execFileSync, fork } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { AssignmentMonitor } from '../../contract/assignments.ts';
import { monitorReader } from '../../src/features/tutor-assignments/monitor-reader.ts';
import {
  call,
  expectStatus,
  type GivenAssignment,
  MONITOR_EVERY_MS,
  type MonitorWatch,
  wallNow,
  watchedAt,
} from './assignment-scenario.ts';

/**
 * The tutor's monitor, read every MONITOR_EVERY_MS in the watched windows, as the app reads it (only
 * the changed takers, merged). Each read, merged, must show at least the questions acknowledged
 * before it was sent (readsBehind).
 */
export async function watchLoop(
  port: number,
  given: GivenAssignment,
  t0: number,
  stopped: () => boolean,
): Promise<MonitorWatch> {
  const latencies: number[] = [];
  const spans: [number, number][] = [];
  const shown: number[] = [];
  const sent: number[] = [];
  const read = monitorReader(async (since) => {
    const query = since === undefined ? '' : `?since=${since}`;
    const from = wallNow();
    const reply = await call(port, 'GET', `/v1/tutor/assignments/${given.id}/monitor${query}`, undefined, given.token);
    spans.push([from, from + reply.ms]);
    latencies.push(reply.ms);
    const monitor = expectStatus(reply, 200, 'monitor').data as unknown as AssignmentMonitor;
    if (!monitor.full) sent.push(monitor.takers.length);
    return monitor;
  }, new Intl.Collator('en').compare);
  while (!stopped()) {
    if (watchedAt(t0)) {
      const monitor = await read();
      shown.push(monitor.takers.reduce((sum, taker) => sum + taker.answered, 0));
    }
    await new Promise((resolve) => setTimeout(resolve, MONITOR_EVERY_MS));
  }
  return { reads: latencies.length, latencies: latencies.sort((a, b) => a - b), spans, shown, sent };
}

/** What the takers' side and the tutor's process say to each other (monitor-watcher.ts). */
export type WatcherMessage = { type: 'stop' } | { type: 'watched'; watch: MonitorWatch };

/**
 * Starts the tutor's monitor in a process of its own, as the tutor is another device, rather than
 * on a thread of the process that times the takers' answers; nothing passes between the two until
 * it stops.
 */
export function watchMonitor(port: number, given: GivenAssignment, t0: number) {
  const child = fork(fileURLToPath(new URL('./monitor-watcher.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    // The processes' clocks start apart: the windows are told in wall-clock time.
    env: {
      ...process.env,
      BENCH_WATCHER: JSON.stringify({ port, given, t0Epoch: performance.timeOrigin + t0 }),
    },
  });
  // The tutor's device has CPUs of its own: here it takes only what the servers, the database and
  // the takers leave idle, as its parsing and merging (2 to 6 ms a read) are not the server's work.
  // Linux's idle policy gives it a core only when nothing else wants one; at the lowest priority
  // alone it still kept a core for its turn, and the answers sent within 90 ms after each read
  // were slower for it (against 20 ms with the idle policy).
  if (child.pid !== undefined) {
    try {
      execFileSync('chrt', ['--all-tasks', '--idle', '--pid', '0', String(child.pid)], { stdio: 'ignore' });
    } catch {
      setPriority(child.pid, 19);
    }
  }
  const send = (message: WatcherMessage) => child.send(message);
  const result = new Promise<MonitorWatch>((resolve, reject) => {
    child.on('message', (message: WatcherMessage) => {
      if (message.type === 'watched') resolve(message.watch);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the monitor's process exited (${code})`)));
  });
  return {
    async stop(): Promise<MonitorWatch> {
      send({ type: 'stop' });
      return result;
    },
  };
}
