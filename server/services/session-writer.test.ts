import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../content/importer.ts';
import { loadContent } from '../content/validate.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { OnlineSessionsTable } from '../db/schema.ts';
import { createTestDatabase, dialectName, FIXTURES, type TestDatabase } from '../test/helpers.ts';
import { runningSessionRow } from '../test/session-rows.ts';
import { SessionWriter } from './session-writer.ts';

let database: TestDatabase;
let row: (uuid?: string) => OnlineSessionsTable;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database);
  await importContent(database.db, await loadContent(FIXTURES));
  const lesson = await database.db.selectFrom('lessons').selectAll().executeTakeFirstOrThrow();
  row = (uuid = randomUUID()) => runningSessionRow(lesson, uuid);
});

afterAll(async () => {
  await database?.dispose();
});

describe(`the start's writer on ${dialectName}`, () => {
  it('stores starts that arrive together, every column as given', async () => {
    const writer = new SessionWriter(database.db);
    const rows = Array.from({ length: 300 }, () => row());
    await Promise.all(rows.map((r) => writer.insert(r)));
    const stored = await database.db
      .selectFrom('online_sessions')
      .selectAll()
      .where(
        'uuid',
        'in',
        rows.map((r) => r.uuid),
      )
      .execute();
    expect(stored).toHaveLength(300);
    const first = stored.find((s) => s.uuid === rows[0]?.uuid);
    expect({
      ...first,
      started_at: Number(first?.started_at),
      deadline: Number(first?.deadline),
      changed_at: Number(first?.changed_at),
    }).toEqual(rows[0]);
  });

  it('refuses a bad row alone: the others of its commit are stored', async () => {
    const writer = new SessionWriter(database.db);
    const taken = row();
    await writer.insert(taken);
    const others = [row(), row()];
    const results = await Promise.allSettled([
      writer.insert(others[0] as OnlineSessionsTable),
      writer.insert(row(taken.uuid)),
      writer.insert(others[1] as OnlineSessionsTable),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const stored = await database.db
      .selectFrom('online_sessions')
      .select('uuid')
      .where(
        'uuid',
        'in',
        others.map((r) => r.uuid),
      )
      .execute();
    expect(stored).toHaveLength(2);
  });
});
