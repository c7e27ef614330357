/**
 * 0016 gives assigned sessions their own progress for the tutor's monitor: an exam already under
 * way when the server is upgraded must show the same counts after it as before, from its answers.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importContent } from '../content/importer.ts';
import { loadContent } from '../content/validate.ts';
import { createTestDatabase, dialectName, FIXTURES, TestClock, type TestDatabase } from '../test/helpers.ts';
import { migrateToLatest, migrateUpTo } from './migrate.ts';
import type { OnlineSessionsTable } from './schema.ts';

let database: TestDatabase;
const clock = new TestClock();
const answering = randomUUID();
const silent = randomUUID();
const catalog = randomUUID();

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateUpTo(database, '0015-no-answers-by-arrival');
  await importContent(database.db, await loadContent(FIXTURES), clock.value);
  const db = database.db;
  const now = clock.value;
  const lesson = await db
    .selectFrom('lessons')
    .selectAll()
    .where('slug', '=', 'fixture-sums')
    .executeTakeFirstOrThrow();
  const tutor = randomUUID();
  await db
    .insertInto('users')
    .values({
      id: tutor,
      email: 'tutor@example.com',
      email_key: 'tutor@example.com',
      firstname: 'Piotr',
      lastname: 'Nowak',
      role: 'tutor',
      locale: 'pl',
      timezone: 'Europe/Warsaw',
      password_hash: null,
      email_verified_at: now,
      google_subject: null,
      created_at: now,
    })
    .execute();
  const assignment = randomUUID();
  await db
    .insertInto('assignments')
    .values({
      id: assignment,
      code: 'ABCDEFGH',
      owner_id: tutor,
      lesson_id: lesson.id,
      test_id: null,
      rules: '{}',
      opens_at: null,
      closes_at: null,
      started_at: null,
      closed_at: null,
      created_at: now,
    })
    .execute();
  const session = (uuid: string, assignmentId: string | null) => ({
    uuid,
    lesson_id: lesson.id,
    lesson_version_id: lesson.current_version_id,
    token_hash: `hash-${uuid}`,
    role: 'student' as const,
    locale: 'pl',
    status: 'running' as const,
    started_at: now - 120_000,
    deadline: now + 480_000,
    finished_at: null,
    finish_reason: null,
    score: null,
    max_score: lesson.max_score,
    user_id: null,
    preview: 0,
    assignment_id: assignmentId,
    display_name: assignmentId ? 'Taker' : null,
    shuffle_questions: 0,
    shuffle_options: 0,
    last_contact_at: null,
    unsent_answers: null,
    changed_at: now - 120_000,
  });
  // Rows of the schema before 0016, which had no progress columns.
  await db
    .insertInto('online_sessions')
    .values([
      session(answering, assignment),
      session(silent, assignment),
      session(catalog, null),
    ] as OnlineSessionsTable[])
    .execute();
  const answer = (session_uuid: string, question_id: string, received: number) => ({
    session_uuid,
    id: randomUUID(),
    question_id,
    value: '"b"',
    answered_at: received - 500,
    received_at: received,
    late_ms: null,
  });
  await db
    .insertInto('answers')
    .values([
      answer(answering, 'q1', now - 60_000),
      // The same question answered again counts once; the latest arrival is the one kept.
      answer(answering, 'q1', now - 30_000),
      answer(answering, 'q2', now - 40_000),
      answer(catalog, 'q1', now - 50_000),
    ])
    .execute();
});

afterAll(async () => {
  await database?.dispose();
});

describe(`0016 on ${dialectName}`, () => {
  it("counts each assigned session's distinct questions and latest arrival from its answers", async () => {
    expect(await migrateToLatest(database)).toContain('0016-monitor-progress');
    const rows = await database.db
      .selectFrom('online_sessions')
      .select(['uuid', 'answered_questions', 'last_answer_at'])
      .execute();
    const progress = Object.fromEntries(
      rows.map((row) => [
        row.uuid,
        [row.answered_questions, row.last_answer_at === null ? null : Number(row.last_answer_at)],
      ]),
    );
    expect(progress).toEqual({
      [answering]: [2, clock.value - 30_000],
      [silent]: [0, null],
      [catalog]: [null, null],
    });
  });
});
