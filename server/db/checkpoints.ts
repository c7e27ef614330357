/**
 * SQLite's own checkpoints run inside whichever commit crosses 1000 pages, with an fsync each time;
 * run by a timer on the server's thread instead, each held up every request for a few milliseconds
 * (10 at p90 under an exam's answers), once a second. Here they run on a thread of their own, when
 * asked (the app's job runner asks once a second: plugins/app/jobs.ts): the WAL's pages are copied
 * once however often they changed, commits stay short, and no request waits for the copy. The
 * writer's connection must have `wal_autocheckpoint = 0`.
 */
import { Worker } from 'node:worker_threads';

export interface Checkpoints {
  /** Copies what the WAL holds into the database file, on the checkpointer's thread. */
  checkpoint(): Promise<void>;
  /** A last checkpoint, then the thread ends; before the writer's connection closes. */
  stop(): Promise<void>;
}

type Reply = { checkpointed: boolean; error?: string } | 'stopped';

export function startCheckpoints(path: string): Checkpoints {
  const worker = new Worker(new URL('./checkpoint-worker.mjs', import.meta.url), {
    workerData: { path },
    // Plain JavaScript: no loader of the parent's is needed (or wanted) in this thread.
    execArgv: [],
  });
  // A crashed checkpointer must not take the server down: the WAL then grows until the next start.
  worker.on('error', () => {});
  worker.unref();
  // The thread answers in the order it was asked: each reply settles the oldest ask.
  const asked: ((reply: Reply | null) => void)[] = [];
  worker.on('message', (reply: Reply) => asked.shift()?.(reply));
  worker.once('exit', () => {
    for (const settle of asked.splice(0)) settle(null);
  });
  const ask = (message: 'checkpoint' | 'stop') =>
    new Promise<Reply | null>((resolve) => {
      asked.push(resolve);
      worker.postMessage(message);
    });
  let stopped: Promise<void> | null = null;
  return {
    async checkpoint() {
      if (stopped) return;
      const reply = await ask('checkpoint');
      if (reply === null) throw new Error('the checkpointer has stopped');
      if (reply !== 'stopped' && !reply.checkpointed) throw new Error(reply.error ?? 'checkpoint failed');
    },
    stop() {
      stopped ??= ask('stop').then(() => worker.terminate().then(() => {}));
      return stopped;
    },
  };
}
