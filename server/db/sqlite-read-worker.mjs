// The SQLite read replica's thread (server/db/read-replica.ts): a read-only connection to the same
// database file, answering each query it is sent with its rows. Plain JavaScript, so that it starts
// the same under the server, the tests and the benchmarks, whatever TypeScript loader they use.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const db = new SQLite(workerData.path, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const statements = new Map();

parentPort.on('message', ({ id, type, sql, parameters }) => {
  try {
    if (type === 'end') {
      db.close();
      parentPort.postMessage({ id, rows: [] });
      return;
    }
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (statements.size >= 200) statements.delete(statements.keys().next().value);
      statements.set(sql, statement);
    }
    if (!statement.reader) throw new Error('the read replica only reads');
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
