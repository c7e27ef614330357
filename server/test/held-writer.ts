/**
 * A write transaction on a connection of its own, as another server process would hold one: what
 * it writes stays unseen by the app until `commit()`.
 */
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { databaseUrl, type TestDatabase } from './helpers.ts';

export interface HeldWriter {
  /** Runs one statement inside the open transaction. */
  write(statement: string): Promise<void>;
  commit(): Promise<void>;
}

export async function heldWriter(database: TestDatabase): Promise<HeldWriter> {
  if (database.dialect === 'postgres') {
    const client = new pg.Client({ connectionString: databaseUrl ?? undefined });
    await client.connect();
    if (database.schema) await client.query(`set search_path to ${database.schema}`);
    await client.query('begin');
    return {
      write: async (statement) => void (await client.query(statement)),
      async commit() {
        await client.query('commit');
        await client.end();
      },
    };
  }
  const sqlite = new SQLite(database.location);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.exec('begin immediate');
  return {
    write: async (statement) => void sqlite.exec(statement),
    async commit() {
      sqlite.exec('commit');
      sqlite.close();
    },
  };
}
