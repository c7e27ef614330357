import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './database.ts';

// The SQLite read replica on its own: PostgreSQL reads through the main pool (`reads` is `db`).
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

describe('the SQLite read replica', () => {
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
