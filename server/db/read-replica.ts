/**
 * A read-only Kysely whose queries run on a worker thread of their own, for the long reads that
 * come again and again beside an exam's answers (a tutor's monitor of 2,000 takers every 1.5 s).
 * The process's one thread is where the class's answers are taken, and a read's own work there
 * holds up every answer arriving meanwhile: on SQLite the whole query (better-sqlite3 runs it on
 * the thread that asks), on PostgreSQL the statement's sending, its long answer's parsing and the
 * connection's bookkeeping. On this connection the thread only posts the query and takes the rows.
 *
 * SQLite: a read-only connection to the same file; WAL lets it read while the main connection
 * writes, and it sees every committed write. PostgreSQL: a small pool of its own, its sessions
 * read-only (`default_transaction_read_only`). Writes and transactions are refused on both: they
 * belong on the main connection.
 */
import { Worker } from 'node:worker_threads';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import type { StatementNames } from './prepared-statements.ts';
import type { Database } from './schema.ts';

type Reply = { id: number; rows?: unknown[]; error?: string; code?: string };
type Request =
  | { type: 'query'; sql: string; parameters: readonly unknown[]; name: string | undefined }
  | { type: 'end' };

/** An error from the thread, with the database's or the socket's code kept (a 503 is told by it). */
function failed(reply: Reply): Error {
  return Object.assign(new Error(reply.error), reply.code ? { code: reply.code } : {});
}

class WorkerConnection implements DatabaseConnection {
  private next = 0;
  private readonly waiting = new Map<number, (reply: Reply) => void>();

  constructor(
    private readonly worker: Worker,
    /** Names for the texts run again and again, where the thread prepares statements by name. */
    private readonly names: StatementNames | null,
  ) {
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

  ask(request: Request): Promise<unknown[]> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (reply) => {
        if (reply.error !== undefined) reject(failed(reply));
        else resolve(reply.rows ?? []);
      });
      this.worker.postMessage({ id, ...request });
    });
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    const rows = await this.ask({ type: 'query', sql, parameters, name: this.names?.nameOf(sql) });
    return { rows: rows as R[] };
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered; the error says so.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('the read replica does not stream');
  }
}

class WorkerDriver implements Driver {
  private worker: Worker | null = null;
  private connection: WorkerConnection | null = null;

  constructor(
    private readonly script: URL,
    private readonly workerData: unknown,
    private readonly names: StatementNames | null = null,
  ) {}

  async init(): Promise<void> {
    this.worker = new Worker(this.script, {
      workerData: this.workerData,
      // Plain JavaScript: no loader of the parent's is needed (or wanted) in this thread.
      execArgv: [],
    });
    this.worker.unref();
    this.connection = new WorkerConnection(this.worker, this.names);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.connection) throw new Error('the read replica is not started');
    // One connection to the thread serves every caller; the thread answers each as its read ends.
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    throw new Error('the read replica takes no transactions');
  }

  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    // The thread closes its connections itself, so that the database is told they end rather than
    // finding them cut; a thread already gone fails the request, and is ended all the same.
    await this.connection?.ask({ type: 'end' }).catch(() => {});
    await this.worker?.terminate();
    this.worker = null;
    this.connection = null;
  }
}

export interface ReadReplica {
  reads: Kysely<Database>;
  /** Ends the thread and its connections, once started. */
  close(): Promise<void>;
}

function replica(driver: WorkerDriver, dialect: Omit<Dialect, 'createDriver'>): ReadReplica {
  const reads = new Kysely<Database>({ dialect: { ...dialect, createDriver: () => driver } });
  return { reads, close: () => reads.destroy() };
}

/** Reads of `path` (a SQLite file) on a thread of their own. */
export function sqliteReadReplica(path: string): ReadReplica {
  const driver = new WorkerDriver(new URL('./sqlite-read-worker.mjs', import.meta.url), { path });
  return replica(driver, {
    createAdapter: () => new SqliteAdapter(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  });
}

export interface PostgresReplicaOptions {
  connectionString: string;
  schema: string | null;
  /** Connections the thread may hold: reads asked at once beyond these wait for one. */
  size: number;
}

/** Reads of a PostgreSQL database on a thread of their own, through `size` connections. */
export function postgresReadReplica(
  options: PostgresReplicaOptions,
  names: StatementNames | null,
): ReadReplica & { warm(): Promise<void> } {
  const driver = new WorkerDriver(new URL('./postgres-read-worker.mjs', import.meta.url), options, names);
  const read = replica(driver, {
    createAdapter: () => new PostgresAdapter(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  });
  return {
    ...read,
    // As many trivial reads at once as the thread may hold connections: none is idle when they
    // arrive together, so each opens one of its own.
    warm: async () => {
      await Promise.all(Array.from({ length: options.size }, () => sql`select 1`.execute(read.reads)));
    },
  };
}
