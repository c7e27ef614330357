/**
 * WORKERS=n: n server processes on one port, through node's cluster (the primary accepts each
 * connection and hands it to a worker in turn). Each worker is the ordinary server; the primary
 * only starts them, starts another when one dies, and passes a stop on to every one.
 */
import cluster from 'node:cluster';
import { logLine as log } from './logging.ts';

/** A worker that died is replaced after this long, so that a crash at start cannot spin the CPU. */
const REPLACE_AFTER_MS = 1_000;
/** Each worker stops within 10 s (server.ts); the primary gives them a moment more. */
const STOP_WITHIN_MS = 11_000;

const running = () => Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);

export function runPrimary(count: number): void {
  let stopping: NodeJS.Signals | undefined;
  let failed = false;
  const listened = new Set<number>();
  // Caught before the first fork: a stop that comes at any moment from here on stops every worker.
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = signal;
    log(30, 'stopping every server process', { signal });
    // Each finishes what it holds (server.ts): answers in flight are answered, then it exits.
    for (const worker of running()) worker.process.kill(signal);
    if (running().length === 0) process.exit(0);
    setTimeout(() => {
      log(50, `shutdown: server processes still running after ${STOP_WITHIN_MS / 1000} s, exiting now`);
      process.exit(1);
    }, STOP_WITHIN_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < count; i++) cluster.fork();
  log(30, `started ${count} server processes`, { workers: running().map((worker) => worker.process.pid) });
  cluster.on('listening', (worker) => listened.add(worker.id));

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      // A worker that had not yet listened had taken no request: the stop's own signal ending it
      // (it came before the worker could catch it) loses nothing, so it is a clean stop too.
      const served = listened.has(worker.id);
      if (code !== 0 && (served || signal !== stopping)) failed = true;
      if (running().length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    log(50, 'a server process stopped; starting another', { worker: worker.process.pid, code, signal });
    setTimeout(() => {
      if (!stopping) cluster.fork();
    }, REPLACE_AFTER_MS).unref();
  });
}
