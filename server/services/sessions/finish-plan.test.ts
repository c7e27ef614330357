/**
 * How the finish's update finds its rows. A fresh database has no statistics, and SQLite then took
 * `status = 'running'` for the better index over the uuids: every batch of a class's finishes walked
 * every running session (bench:exam-start's 20,000: the finish update was 4.8 ms a statement, two
 * thirds of the database's time at the deadline). PostgreSQL plans from statistics it gathers itself.
 */
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseWithFixtureLesson } from '../../test/fixture-lesson.ts';
import { dialectName, type TestDatabase } from '../../test/helpers.ts';
import { runningSessionRow } from '../../test/session-rows.ts';
import { LessonVersionStore } from '../catalog/lesson-versions.ts';
import { FinishWriter } from './finish-writer.ts';
import { SessionWriter } from './session-writer.ts';

let database: TestDatabase;
const statements: string[] = [];

beforeAll(async () => {
  if (dialectName !== 'sqlite') return;
  const fixture = await databaseWithFixtureLesson({ onStatement: (text) => statements.push(text) });
  database = fixture.database;
  const writer = new SessionWriter(database.db);
  const rows = Array.from({ length: 300 }, () => runningSessionRow(fixture.lesson));
  await Promise.all(rows.map((row) => writer.insert(row)));
  const finishes = new FinishWriter(database.db, new LessonVersionStore(database.db), {
    rowLocks: false,
    now: () => 50_000,
    closed: () => {},
  });
  statements.length = 0;
  await Promise.all(rows.slice(0, 5).map((row) => finishes.close(row, 'manual')));
});

afterAll(async () => {
  await database?.dispose();
});

describe('the finish update on a database without statistics', () => {
  it.runIf(dialectName === 'sqlite')(
    "finds its sessions by their uuids, not by walking the running ones (SQLite's planner)",
    async () => {
      const update = statements.find((text) => text.startsWith('update "online_sessions"'));
      if (!update) throw new Error(`no finish update among ${statements.length} statements`);
      const parameters = Array.from(update.matchAll(/\?/g), () => null);
      const plan = await database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${update}`, parameters),
      );
      const details = plan.rows.map((row) => row.detail);
      expect(details).toEqual([
        expect.stringMatching(/^SEARCH online_sessions USING INDEX sqlite_autoindex_\w+ \(uuid=\?\)$/),
      ]);
      expect(details.join(' ')).not.toContain('online_sessions_running');
    },
  );
});
