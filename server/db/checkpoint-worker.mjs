// The SQLite checkpointer's thread (server/db/checkpoints.ts): a connection of its own to the
// database file that only ever copies the WAL's committed pages into the file (with an fsync), when
// the server's job runner asks (plugins/app/jobs.ts), and once more before it stops.
// Plain JavaScript, so that it starts the same under the server, the tests and the benchmarks.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const db = new SQLite(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 1000');

/** PASSIVE never waits for a reader or the writer: what it cannot copy now, it copies next time. */
function checkpoint() {
  db.pragma('wal_checkpoint(PASSIVE)');
}

parentPort.on('message', (message) => {
  if (message === 'checkpoint') {
    try {
      checkpoint();
      parentPort.postMessage({ checkpointed: true });
    } catch (error) {
      parentPort.postMessage({ checkpointed: false, error: String(error) });
    }
    return;
  }
  if (message !== 'stop') return;
  try {
    checkpoint();
  } catch {
    // Busy at the very end: the next start's first checkpoint copies it.
  }
  db.close();
  parentPort.postMessage('stopped');
});
