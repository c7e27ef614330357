/**
 * A server's migrations on PostgreSQL read only its own schema: other schemas created and dropped
 * meanwhile on the same database (other servers', other test files') cannot fail its start. With
 * Kysely's introspector, which reads every schema, CI's server suite failed a file's setup in one
 * run of three (`schema "t_…" does not exist` from another file's schema, dropped mid-read).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrl } from '../test/helpers.ts';
import { createDatabase, type DatabaseHandle } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const url = databaseUrl as string;
const prefix = `introspect_${process.pid}`;
const dataDir = mkdtempSync(join(tmpdir(), 'zalik-introspect-'));
const handles: DatabaseHandle[] = [];

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  for (const handle of handles) await handle.close();
  await admin(async (client) => {
    const { rows } = await client.query('select nspname from pg_namespace where nspname like $1', [`${prefix}%`]);
    for (const row of rows) await client.query(`drop schema if exists ${row.nspname} cascade`);
  });
  rmSync(dataDir, { recursive: true, force: true });
});

function open(schema: string): DatabaseHandle {
  const handle = createDatabase({ databaseUrl: url, dataDir, schema, poolSize: 2 });
  handles.push(handle);
  return handle;
}

/** Schemas with a table each, made and dropped over and over by `loops` connections until stopped. */
function churn(loops: number) {
  let going = true;
  const runs = Array.from({ length: loops }, (_, loop) =>
    admin(async (client) => {
      for (let n = 0; going; n += 1) {
        const name = `${prefix}_churn_${loop}_${n}`;
        await client.query(`create schema ${name}`);
        await client.query(`create table ${name}.items (id serial primary key, body text)`);
        await client.query(`drop schema ${name} cascade`);
      }
    }),
  );
  return async () => {
    going = false;
    await Promise.all(runs);
  };
}

describe.runIf(databaseUrl)('what a server reads of PostgreSQL before migrating', () => {
  it('is its own schema: its tables and columns, the Migrator’s own only when asked', async () => {
    await admin(async (client) => {
      await client.query(`create schema ${prefix}_own`);
      await client.query(`create table ${prefix}_own.notes (id serial primary key, body text not null, at bigint)`);
      await client.query(`create table ${prefix}_own.kysely_migration (name text)`);
      await client.query(`create schema ${prefix}_other`);
      await client.query(`create table ${prefix}_other.elsewhere (id int)`);
    });
    const { db } = open(`${prefix}_own`);
    const tables = await db.introspection.getTables();
    expect(tables.map((t) => [t.schema, t.name])).toEqual([[`${prefix}_own`, 'notes']]);
    expect(tables[0]?.columns.map((c) => [c.name, c.dataType, c.isNullable, c.isAutoIncrementing])).toEqual([
      ['id', 'int4', false, true],
      ['body', 'text', false, false],
      ['at', 'int8', true, false],
    ]);
    const all = await db.introspection.getTables({ withInternalKyselyTables: true });
    expect(all.map((t) => t.name)).toEqual(['kysely_migration', 'notes']);
    expect((await db.introspection.getSchemas()).map((s) => s.name)).toContain(`${prefix}_other`);
  });

  it('migrates a fresh schema and reads its tables while other schemas come and go', async () => {
    const stop = churn(3);
    try {
      for (let round = 0; round < 3; round += 1) {
        const schema = `${prefix}_fresh_${round}`;
        await admin((client) => client.query(`create schema ${schema}`));
        const handle = open(schema);
        await migrateToLatest(handle);
        for (let read = 0; read < 15; read += 1) {
          const names = (await handle.db.introspection.getTables()).map((t) => t.name);
          expect(names).toContain('online_sessions');
        }
        const count = await sql<{ n: number }>`select count(*)::int as n from online_sessions`.execute(handle.db);
        expect(count.rows[0]?.n).toBe(0);
      }
    } finally {
      await stop();
    }
  }, 60_000);
});
