/**
 * How the finish's update finds its rows. A fresh database has no statistics, and SQLite then took
 * `status = 'running'` for the better index over the uuids: every batch of a class's finishes walked
 * every running session (bench:exam-start's 20,000: the finish update was 4.8 ms a statement, two
 * thirds of the database's time at the deadline). Both databases' plans are read for the statement
 * as the writer sent it, with its own parameters, each database as an exam meets it: SQLite never
 * gathers statistics by itself; PostgreSQL's autovacuum analyzes a table once a tenth of it is new
 * (its class's starts; here 5,000 of them), and before that, on a few pages, reads them all, as it should.
 */
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseWithFixtureLesson } from '../../test/fixture-lesson.ts';
import { dialectName, type TestDatabase } from '../../test/helpers.ts';
import { runningSessionRow } from '../../test/session-rows.ts';
import { LessonVersionStore } from '../catalog/lesson-versions.ts';
import { FinishWriter } from './finish-writer.ts';
import { SessionWriter } from './session-writer.ts';

let database: TestDatabase;
const statements: { text: string; parameters: readonly unknown[] }[] = [];

beforeAll(async () => {
  const fixture = await databaseWithFixtureLesson({
    onStatement: (text, parameters) => statements.push({ text, parameters }),
  });
  database = fixture.database;
  const writer = new SessionWriter(database.db);
  const rows = Array.from({ length: 5_000 }, () => runningSessionRow(fixture.lesson));
  await Promise.all(rows.map((row) => writer.insert(row)));
  const finishes = new FinishWriter(database.db, new LessonVersionStore(database.db), {
    rowLocks: dialectName === 'postgres',
    now: () => 50_000,
    closed: () => {},
  });
  if (dialectName === 'postgres') await sql`analyze online_sessions`.execute(database.db);
  statements.length = 0;
  await Promise.all(rows.slice(0, 5).map((row) => finishes.close(row, 'manual')));
});

afterAll(async () => {
  await database?.dispose();
});

/** The plan's lines: SQLite's `detail`s, PostgreSQL's text plan. */
async function planOf(text: string, parameters: readonly unknown[]): Promise<string[]> {
  const explain = dialectName === 'postgres' ? 'explain' : 'explain query plan';
  const plan = await database.db.executeQuery<Record<string, string>>(
    CompiledQuery.raw(`${explain} ${text}`, [...parameters]),
  );
  return plan.rows.map((row) => row.detail ?? row['QUERY PLAN'] ?? '');
}

describe(`the finish update on ${dialectName}, as an exam's starts leave the database`, () => {
  it('finds its sessions by their uuids, not by walking the running ones', async () => {
    const update = statements.find(({ text }) => text.startsWith('update "online_sessions"'));
    if (!update) throw new Error(`no finish update among ${statements.length} statements`);
    const plan = await planOf(update.text, update.parameters);
    const byUuid =
      dialectName === 'postgres'
        ? /Index Cond: \(uuid = ANY|Index Cond: \(\(uuid\)::text = ANY/
        : /^SEARCH online_sessions USING INDEX sqlite_autoindex_\w+ \(uuid=\?\)$/;
    expect(
      plan.some((line) => byUuid.test(line.trim())),
      plan.join('\n'),
    ).toBe(true);
    expect(plan.join('\n')).not.toContain('online_sessions_running');
  });
});
