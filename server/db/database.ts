/**
 * One query layer (Kysely) over two databases: SQLite through better-sqlite3 as the embedded default,
 * PostgreSQL through pg when a DATABASE_URL is given.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, SqliteDialect } from 'kysely';
import pg from 'pg';
import { startCheckpoints } from './checkpoints.ts';
import { OneSchemaPostgresDialect } from './one-schema-introspector.ts';
import { namingClient, StatementNames } from './prepared-statements.ts';
import { postgresReadReplica, sqliteReadReplica } from './read-replica.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

/** PostgreSQL connections of the read replica's thread (`reads`): a few tutors' monitors at once. */
const READ_POOL_SIZE = 2;

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * For long reads that must not hold up the hot paths: read-only connections on a thread of their
   * own (read-replica.ts); `db` itself for a SQLite database in memory.
   */
  reads: Kysely<Database>;
  dialect: Dialect;
  /** Where the data lives, for logs: a file path or the URL without its password. */
  location: string;
  /** The PostgreSQL schema in use when not the default one. */
  schema: string | null;
  /** PostgreSQL's pool: connections open, idle, and requests waiting for one (the metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * Opens every connection the pool may hold, before the process serves. A server started (or
   * restarted) in the middle of an exam meets thousands of devices at once; made lazily, its
   * connections were each opened inside that first burst (a new PostgreSQL backend process per
   * connection, on the same cores), and the first seconds' requests waited for them.
   */
  warm(): Promise<void>;
  /** The embedded database's WAL copied into its file (db/checkpoints.ts); none on PostgreSQL or in memory. */
  checkpoint?: () => Promise<void>;
  close(): Promise<void>;
}

// Epoch-ms columns are bigint in PostgreSQL; pg would hand them over as strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export interface DatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** PostgreSQL schema to work in (tests give each file its own). */
  schema?: string | null;
  /** SQLite file name inside dataDir, or ':memory:'. */
  sqliteFile?: string;
  poolSize?: number;
  /** PostgreSQL: name the statements run again and again (db/prepared-statements.ts); on unless false. */
  preparedStatements?: boolean;
  /** Told the text and parameters of every statement the database runs (tests count what a request costs). */
  onStatement?: (sql: string, parameters: readonly unknown[]) => void;
}

/** Kysely's log, turned into `onStatement`; none when nobody listens. */
function statementLog(onStatement: DatabaseOptions['onStatement']) {
  return onStatement
    ? {
        log: (event: LogEvent) =>
          void (event.level === 'query' && onStatement(event.query.sql, event.query.parameters)),
      }
    : {};
}

/**
 * Kysely prepares every query anew; preparing costs more than running a small statement. The same
 * SQL text is the same statement, so keep a bounded number of them prepared.
 */
function withStatementCache(sqlite: SQLite.Database, limit = 500) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= limit) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

function openSqlite(path: string): SQLite.Database {
  const sqlite = new SQLite(path);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL in WAL mode survives a killed process; only an OS crash may lose the last commits.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  return sqlite;
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres';
  }
}

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const names = options.preparedStatements === false ? null : new StatementNames();
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A database out of reach must fail a request soon (a 503), not hold it until the client gives up.
      connectionTimeoutMillis: 5000,
      // Connections stay open once made (up to `max`): a connection closed after 10 s idle (pg's
      // default) is made again at the next busy moment, and a new one is a new server process
      // whose caches are cold and whose statements are parsed and planned again, on the same cores
      // as the exam's answers.
      idleTimeoutMillis: 0,
      ...(names ? { Client: namingClient(names) } : {}),
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // A client losing its connection must not take the process down: idle ones report to the pool,
    // a checked-out one between two queries reports to itself. The pool drops broken clients.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = new Kysely<Database>({
      dialect: new OneSchemaPostgresDialect({ pool }, options.schema ?? null),
      ...statementLog(options.onStatement),
    });
    const replica = postgresReadReplica(
      {
        connectionString: options.databaseUrl,
        schema: options.schema ?? null,
        size: READ_POOL_SIZE,
      },
      names,
    );
    return {
      db,
      reads: replica.reads,
      dialect: 'postgres',
      schema: options.schema ?? null,
      location: redact(options.databaseUrl) + (options.schema ? ` (schema ${options.schema})` : ''),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      warm: async () => {
        await Promise.all([warmPool(pool, options.poolSize ?? 10), replica.warm()]);
      },
      close: async () => {
        await replica.close();
        await db.destroy();
      },
    };
  }
  const file = options.sqliteFile ?? 'zalik.sqlite';
  let path = file;
  if (file !== ':memory:') {
    mkdirSync(options.dataDir, { recursive: true });
    path = join(options.dataDir, file);
  }
  const sqlite = openSqlite(path);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    ...statementLog(options.onStatement),
  });
  const inMemory = path === ':memory:';
  if (!inMemory) sqlite.pragma('wal_autocheckpoint = 0');
  const checkpoints = inMemory ? null : startCheckpoints(path);
  const replica = inMemory ? null : sqliteReadReplica(path);
  return {
    db,
    reads: replica?.reads ?? db,
    dialect: 'sqlite',
    schema: null,
    location: path,
    // One connection, opened above; the read replica's thread opens its own as it starts.
    warm: async () => {},
    ...(checkpoints ? { checkpoint: () => checkpoints.checkpoint() } : {}),
    close: async () => {
      await replica?.close();
      await checkpoints?.stop();
      await db.destroy();
    },
  };
}

/**
 * Checks out `size` clients at once (so each is a connection of its own), asks each a trivial
 * question and gives them back; fails, after giving back those it got, when one could not be had.
 */
async function warmPool(pool: pg.Pool, size: number): Promise<void> {
  const settled = await Promise.allSettled(Array.from({ length: size }, () => pool.connect()));
  const clients = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  try {
    await Promise.all(clients.map((client) => client.query('select 1')));
  } finally {
    for (const client of clients) client.release();
  }
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
}
