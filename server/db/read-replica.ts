/**
 * A read-only Kysely over the same SQLite file, whose queries run on a worker thread of their own.
 * better-sqlite3 runs every query on the thread that asks, so a long read (a tutor's monitor of
 * 2,000 takers) would hold up every answer the process is taking meanwhile; on this connection it
 * does not. WAL lets it read while the main connection writes, and it sees every committed write.
 * Writes and transactions are refused: they belong on the main connection.
 */
import { Worker } from 'node:worker_threads';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Database } from './schema.ts';

type Reply = { id: number; rows?: unknown[]; error?: string };

class WorkerConnection implements DatabaseConnection {
  private next = 0;
  private readonly waiting = new Map<number, (reply: Reply) => void>();

  constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      this.waiting.get(reply.id)?.(reply);
      this.waiting.delete(reply.id);
    });
    worker.on('error', (error) => this.failAll(error.message));
    worker.on('exit', () => this.failAll('the read replica stopped'));
  }

  private failAll(message: string) {
    for (const [id, answer] of this.waiting) answer({ id, error: message });
    this.waiting.clear();
  }

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (reply) => {
        if (reply.error !== undefined) reject(new Error(reply.error));
        else resolve({ rows: (reply.rows ?? []) as R[] });
      });
      this.worker.postMessage({ id, sql: compiledQuery.sql, parameters: compiledQuery.parameters });
    });
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered; the error says so.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the read replica does not stream');
  }
}

class WorkerDriver implements Driver {
  private worker: Worker | null = null;
  private connection: WorkerConnection | null = null;

  constructor(private readonly path: string) {}

  async init(): Promise<void> {
    this.worker = new Worker(new URL('./read-worker.mjs', import.meta.url), {
      workerData: { path: this.path },
      // Plain JavaScript: no loader of the parent's is needed (or wanted) in this thread.
      execArgv: [],
    });
    this.worker.unref();
    this.connection = new WorkerConnection(this.worker);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.connection) throw new Error('the read replica is not started');
    // Queries are answered in the order they were sent: one connection serves every caller.
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    throw new Error('the read replica takes no transactions');
  }

  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.worker?.terminate();
    this.worker = null;
    this.connection = null;
  }
}

/** Reads of `path` (a SQLite file) on a thread of their own. */
export function sqliteReadReplica(path: string): Kysely<Database> {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new WorkerDriver(path),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
}
