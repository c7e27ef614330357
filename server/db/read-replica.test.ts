import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseUrl, type TestDatabase } from '../test/helpers.ts';
import { freePort } from '../test/ports.ts';
import { createDatabase, type DatabaseHandle } from './database.ts';

// The read replicas on their own: reads on a thread of their own, for SQLite and PostgreSQL.
describe('the SQLite read replica', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zalik-replica-'));
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = createDatabase({ databaseUrl: null, dataDir: dir });
    await sql`create table notes (id integer primary key, body text not null)`.execute(handle.db);
  });

  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads on a thread of its own what the main connection committed, in the order asked', async () => {
    expect(handle.reads).not.toBe(handle.db);
    await sql`insert into notes (id, body) values (1, 'first'), (2, 'second')`.execute(handle.db);
    const [all, one] = await Promise.all([
      sql<{ id: number; body: string }>`select id, body from notes order by id`.execute(handle.reads),
      sql<{ body: string }>`select body from notes where id = ${2}`.execute(handle.reads),
    ]);
    expect(all.rows).toEqual([
      { id: 1, body: 'first' },
      { id: 2, body: 'second' },
    ]);
    expect(one.rows).toEqual([{ body: 'second' }]);
    await sql`insert into notes (id, body) values (3, 'third')`.execute(handle.db);
    expect((await sql`select count(*) as n from notes`.execute(handle.reads)).rows).toEqual([{ n: 3 }]);
  });

  it('refuses to write, and says why a query failed', async () => {
    await expect(sql`insert into notes (id, body) values (9, 'x')`.execute(handle.reads)).rejects.toThrow(
      'the read replica only reads',
    );
    await expect(sql`select body from nowhere`.execute(handle.reads)).rejects.toThrow(/no such table/);
    expect((await sql`select count(*) as n from notes`.execute(handle.db)).rows).toEqual([{ n: 3 }]);
  });
});

describe.runIf(databaseUrl)('the PostgreSQL read replica', () => {
  let handle: TestDatabase;

  beforeAll(async () => {
    handle = await createTestDatabase();
    await sql`create table notes (id integer primary key, body text not null, at bigint not null)`.execute(handle.db);
  });

  afterAll(async () => {
    await handle.dispose();
  });

  it('reads in the same schema, on connections of its own, what the main pool committed', async () => {
    expect(handle.reads).not.toBe(handle.db);
    await handle.warm();
    await sql`insert into notes (id, body, at) values (1, 'first', ${1_790_000_000_000}), (2, 'second', ${0})`.execute(
      handle.db,
    );
    const main = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db);
    // Two reads at once, each held for a moment: two connections of the replica's own.
    const note = (id: number) =>
      sql<{ pid: number; body: string; at: number }>`
        select pg_backend_pid() as pid, body, at, pg_sleep(0.05)::text as slept from notes where id = ${id}`.execute(
        handle.reads,
      );
    const [a, b] = await Promise.all([note(1), note(2)]);
    expect([a.rows[0]?.body, b.rows[0]?.body]).toEqual(['first', 'second']);
    // Epoch-ms columns come as numbers, as on the main pool.
    expect(a.rows[0]?.at).toBe(1_790_000_000_000);
    expect(a.rows[0]?.pid).not.toBe(b.rows[0]?.pid);
    expect([a.rows[0]?.pid, b.rows[0]?.pid]).not.toContain(main.rows[0]?.pid);
    const named = await sql<{ name: string }>`select current_setting('application_name') as name`.execute(handle.reads);
    expect(named.rows).toEqual([{ name: 'zalik reads' }]);
    // The same text again (a named statement from its second time) reads what was committed since.
    await sql`update notes set body = 'changed' where id = 2`.execute(handle.db);
    for (let i = 0; i < 3; i++) {
      const again = await sql<{ body: string }>`select body from notes where id = ${2}`.execute(handle.reads);
      expect(again.rows).toEqual([{ body: 'changed' }]);
    }
  });

  it('refuses to write, and keeps the database error code a 503 is told by', async () => {
    const write = sql`insert into notes (id, body, at) values (9, 'x', 0)`.execute(handle.reads);
    // 25006: read_only_sql_transaction.
    await expect(write).rejects.toMatchObject({ code: '25006', message: expect.stringMatching(/read-only/) });
    await expect(sql`select body from nowhere`.execute(handle.reads)).rejects.toMatchObject({ code: '42P01' });
    expect((await sql`select count(*)::int as n from notes`.execute(handle.db)).rows).toEqual([{ n: 2 }]);
  });

  it('fails its warm-up and its reads with the connection error when the database is out of reach', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'zalik-replica-'));
    const away = createDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${await freePort()}/test`, dataDir });
    try {
      await expect(away.warm()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      await expect(sql`select 1`.execute(away.reads)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      await away.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
