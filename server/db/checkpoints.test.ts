/**
 * The embedded database's WAL is checkpointed by a thread of its own, when asked (the app's job
 * runner asks once a second): the writer's connection never checkpoints, yet the WAL does not grow
 * without end, because the checkpointer copies it into the database file and the next commits start
 * the WAL over from its beginning.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database.ts';

const dir = mkdtempSync(join(tmpdir(), 'zalik-checkpoints-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('checkpoints of the embedded database', () => {
  it('keep the WAL from growing while the writer only writes', async () => {
    const handle = createDatabase({ databaseUrl: null, dataDir: dir, sqliteFile: 'wal.sqlite' });
    const wal = join(dir, 'wal.sqlite-wal');
    try {
      await sql`create table filler (id integer primary key, body text not null)`.execute(handle.db);
      const write = async (from: number) => {
        for (let i = from; i < from + 200; i++)
          await sql`insert into filler (id, body) values (${i}, ${'x'.repeat(4000)})`.execute(handle.db);
      };
      await write(0);
      const first = statSync(wal).size;
      // 200 commits of a 4 KB row each: the WAL holds at least that much.
      expect(first).toBeGreaterThan(200 * 4000);
      // Checkpointed after each round, as the job does: the WAL is copied, and new commits write over it.
      const checkpoint = handle.checkpoint;
      if (!checkpoint) throw new Error('a database file without checkpoints');
      await checkpoint();
      for (let round = 1; round <= 3; round++) {
        await write(round * 1000);
        await checkpoint();
      }
      // Without checkpoints it would hold all four rounds.
      expect(statSync(wal).size).toBeLessThan(first * 2);
      const rows = await sql<{ n: number }>`select count(*) as n from filler`.execute(handle.db);
      expect(Number(rows.rows[0]?.n)).toBe(800);
    } finally {
      await handle.close();
    }
  });
});
