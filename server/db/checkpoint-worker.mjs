// The SQLite checkpointer's thread (server/db/checkpoints.ts): a connection of its own to the
// database file that only ever copies the WAL's committed pages into the file (with an fsync).
// Plain JavaScript, so that it starts the same under the server, the tests and the benchmarks.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const db = new SQLite(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = 1000');

function checkpoint() {
  try {
    // PASSIVE never waits for a reader or the writer: what it cannot copy now, it copies next time.
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy: the next tick tries again.
  }
}

const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.postMessage('stopped');
});
