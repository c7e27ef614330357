/**
 * SQLite's own checkpoints run inside whichever commit crosses 1000 pages, with an fsync each time;
 * run by a timer on the server's thread instead, each held up every request for a few milliseconds
 * (10 at p90 under an exam's answers), once a second. Here they run once a second on a thread of
 * their own: the WAL's pages are copied once however often they changed, commits stay short, and no
 * request waits for the copy. The writer's connection must have `wal_autocheckpoint = 0`.
 */
import { Worker } from 'node:worker_threads';

export interface Checkpoints {
  /** A last checkpoint, then the thread ends; before the writer's connection closes. */
  stop(): Promise<void>;
}

export function startCheckpoints(path: string, everyMs = 1000): Checkpoints {
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: { path, everyMs },
    // Plain JavaScript: no loader of the parent's is needed (or wanted) in this thread.
    execArgv: [],
  });
  // A crashed checkpointer must not take the server down: the WAL then grows until the next start.
  worker.on('error', () => {});
  worker.unref();
  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        const done = () => void worker.terminate().then(() => resolve());
        worker.once('message', done);
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      });
      return stopped;
    },
  };
}
