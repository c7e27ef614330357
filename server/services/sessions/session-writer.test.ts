import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../../content/importer.ts';
import { loadContent } from '../../content/validate.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import type { OnlineSessionsTable } from '../../db/schema.ts';
import { createTestDatabase, dialectName, FIXTURES, type TestDatabase } from '../../test/helpers.ts';
import { runningSessionRow } from '../../test/session-rows.ts';
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
    const writer = new SessionWriter(database.db, dialectName === 'postgres');
    const rows = Array.from({ length: 300 }, (_, i) => {
      const r = row();
      if (i % 3 === 0) return r;
      // Every kind of value a start writes, in some rows: text needing escapes, numbers, nulls.
      return {
        ...r,
        role: 'tutor' as const,
        locale: i % 2 ? 'pl' : 'en',
        display_name: `Ї "ż" \\ {${i}}, ' 𝑥`,
        preview: 1,
        shuffle_questions: 1,
        shuffle_options: i % 2,
        last_contact_at: 1_700_000_000_000 + i,
        unsent_answers: i,
        answered_questions: 0,
        last_answer_at: 1_700_000_000_500 + i,
      };
    });
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
    // PostgreSQL hands bigint columns back as text.
    const times = ['started_at', 'deadline', 'changed_at', 'last_contact_at', 'last_answer_at', 'finished_at'] as const;
    const asWritten = (s: (typeof stored)[number]) => {
      const out: Record<string, unknown> = { ...s };
      for (const t of times) out[t] = s[t] === null ? null : Number(s[t]);
      return out;
    };
    for (const r of rows)
      expect(asWritten(stored.find((s) => s.uuid === r.uuid) as (typeof stored)[number])).toEqual(r);
  });

  it('refuses a bad row alone: the others of its commit are stored', async () => {
    const writer = new SessionWriter(database.db, dialectName === 'postgres');
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
