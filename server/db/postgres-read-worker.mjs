// The PostgreSQL read replica's thread (server/db/read-replica.ts): a small pool of its own, whose
// sessions the database keeps read-only, answering each query it is sent with its rows. Plain
// JavaScript, so that it starts the same under the server, the tests and the benchmarks, whatever
// TypeScript loader they use.
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';

const { connectionString, schema, size } = workerData;

// As on the main pool (database.ts): epoch-ms columns are bigint, wanted as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

const settings = ['-c default_transaction_read_only=on'];
if (schema) settings.push(`-c search_path=${schema}`);
const pool = new pg.Pool({
  connectionString,
  max: size,
  // As on the main pool: a database out of reach fails the read soon, and a connection once made
  // stays (a new one is a new database process with cold caches, in the middle of an exam).
  connectionTimeoutMillis: 5000,
  idleTimeoutMillis: 0,
  // Told apart from the main pool's in pg_stat_activity, where an operator counts connections.
  application_name: 'zalik reads',
  options: settings.join(' '),
});
pool.on('error', () => {});
pool.on('connect', (client) => client.on('error', () => {}));

function failure(id, error) {
  const code = error && typeof error.code === 'string' ? error.code : undefined;
  return { id, error: error instanceof Error ? error.message : String(error), code };
}

parentPort.on('message', async (message) => {
  const { id } = message;
  try {
    if (message.type === 'end') {
      await pool.end();
      parentPort.postMessage({ id, rows: [] });
    } else {
      // A statement run again and again comes named (prepared-statements.ts): parsed and planned
      // once per connection.
      const { name, sql: text, parameters: values } = message;
      const result = await pool.query(name ? { name, text, values } : { text, values });
      parentPort.postMessage({ id, rows: result.rows });
    }
  } catch (error) {
    parentPort.postMessage(failure(id, error));
  }
});
