/**
 * Upgrading keeps the data: a database as the previous release left it (migrations up to
 * 0002-accounts), filled with accounts, lessons, sessions and answers, is migrated to the latest
 * schema; every row is still there, unchanged, and the server works on it.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { importContent } from '../content/importer.ts';
import { loadContent } from '../content/validate.ts';
import { hashToken } from '../services/accounts/tokens.ts';
import { createTestDatabase, dialectName, FIXTURES, TestClock, type TestDatabase } from '../test/helpers.ts';
import { migrateToLatest, migrateUpTo } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import type { OnlineSessionsTable } from './schema.ts';

const TABLES = {
  subjects: 'id',
  specializations: 'id',
  lessons: 'id',
  lesson_versions: 'id',
  site: 'key',
  online_sessions: 'uuid',
  answers: 'id',
  users: 'id',
  auth_tokens: 'token_hash',
  email_tokens: 'token_hash',
} as const;

type Rows = Record<string, Record<string, unknown>[]>;

async function snapshot(database: TestDatabase): Promise<Rows> {
  const rows: Rows = {};
  for (const [table, key] of Object.entries(TABLES)) {
    rows[table] = (
      await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${sql.ref(key)}`.execute(
        database.db,
      )
    ).rows;
  }
  return rows;
}

let database: TestDatabase;
const clock = new TestClock();
const running = { uuid: randomUUID(), token: 'running-token-'.padEnd(43, 'r') };
const finished = { uuid: randomUUID(), token: 'finished-token-'.padEnd(43, 'f') };
let before: Rows;

beforeAll(async () => {
  database = await createTestDatabase();
  expect(await migrateUpTo(database, '0002-accounts')).toEqual(['0001-initial', '0002-accounts']);
  // Lessons through the importer, as an operator would have loaded them.
  await importContent(database.db, await loadContent(FIXTURES), clock.value);
  const db = database.db;
  const now = clock.value;
  const users = [
    ['Олена', 'Коваль', 'olena@example.com', 'student', 'uk', now],
    ['Piotr', 'Nowak', 'piotr@example.com', 'tutor', 'pl', null],
    ['Анна', 'Смирнова', 'anna@example.com', 'student', 'ru', now - 1000],
  ].map(([firstname, lastname, email, role, locale, verified], i) => ({
    id: randomUUID(),
    email: email as string,
    email_key: (email as string).toLowerCase(),
    firstname: firstname as string,
    lastname: lastname as string,
    role: role as 'student' | 'tutor',
    locale: locale as string,
    timezone: 'Europe/Kyiv',
    password_hash: i === 1 ? null : `scrypt$16384$8$1$salt${i}$hash${i}`,
    email_verified_at: verified as number | null,
    google_subject: i === 1 ? 'google-sub-1' : null,
    created_at: now - 86_400_000 + i,
  }));
  await db.insertInto('users').values(users).execute();
  const owner = users[0]?.id as string;
  await db
    .insertInto('auth_tokens')
    .values(
      ['access', 'refresh'].map((kind, i) => ({
        token_hash: hashToken(`token-${kind}`),
        user_id: owner,
        kind: kind as 'access' | 'refresh',
        family: 'family-1',
        expires_at: now + 3_600_000 * (i + 1),
        used_at: null,
        revoked_at: null,
        created_at: now,
      })),
    )
    .execute();
  await db
    .insertInto('email_tokens')
    .values({
      token_hash: hashToken('mail'),
      user_id: users[1]?.id as string,
      expires_at: now + 1,
      used_at: null,
      created_at: now,
    })
    .execute();
  const lesson = await db
    .selectFrom('lessons')
    .selectAll()
    .where('slug', '=', 'fixture-sums')
    .executeTakeFirstOrThrow();
  const session = (uuid: string, token: string, status: 'running' | 'finished', userId: string | null) => ({
    uuid,
    lesson_id: lesson.id,
    lesson_version_id: lesson.current_version_id,
    token_hash: hashToken(token),
    role: 'student' as const,
    locale: 'uk',
    status,
    started_at: now - 120_000,
    deadline: now + 480_000,
    finished_at: status === 'finished' ? now - 1000 : null,
    finish_reason: status === 'finished' ? ('manual' as const) : null,
    score: status === 'finished' ? 1 : null,
    max_score: lesson.max_score,
    user_id: userId,
  });
  await db
    .insertInto('online_sessions')
    // Rows of the schema before 0007, which had no preview column.
    .values([
      session(running.uuid, running.token, 'running', owner),
      session(finished.uuid, finished.token, 'finished', null),
    ] as OnlineSessionsTable[])
    .execute();
  const answer = (session_uuid: string, question_id: string, value: unknown, offset: number) => ({
    session_uuid,
    id: randomUUID(),
    question_id,
    value: JSON.stringify(value),
    answered_at: now - 60_000 + offset,
    received_at: now - 59_000 + offset,
  });
  await db
    .insertInto('answers')
    .values([
      answer(running.uuid, 'q1', 'b', 0),
      answer(running.uuid, 'q2', ['a', 'c'], 1),
      answer(running.uuid, 'q3', 'Київ 🇺🇦 "quoted" \\ slash', 2),
      answer(finished.uuid, 'q1', 'b', 3),
      answer(finished.uuid, 'q1', 'a', 4),
    ] as never)
    .execute();
  before = await snapshot(database);
});

afterAll(async () => {
  await database?.dispose();
});

describe(`migrating a filled database forward on ${dialectName}`, () => {
  it('adds the new migrations and keeps every row as it was', async () => {
    const ran = await migrateToLatest(database);
    expect(ran).toEqual(Object.keys(migrations).filter((m) => m > '0002-accounts'));
    const after = await snapshot(database);
    for (const table of Object.keys(TABLES)) {
      expect(after[table]?.length, table).toBe(before[table]?.length);
      expect(after[table]?.length, `${table} has data to compare`).toBeGreaterThan(0);
    }
    // 0003 adds answers.late_ms: empty for the old rows, everything else identical.
    expect(after.answers?.every((a) => a.late_ms === null)).toBe(true);
    expect(after.answers?.map(({ late_ms: _late, ...rest }) => rest)).toEqual(before.answers);
    // 0006 adds lessons.owner_id (the catalog's lessons have none) and, on SQLite, makes the table
    // again: every lesson is still there with every value it had.
    expect(after.lessons?.every((l) => l.owner_id === null)).toBe(true);
    expect(after.lessons?.map(({ owner_id: _owner, ...rest }) => rest)).toEqual(before.lessons);
    // 0007 marks tutors' preview sessions, 0010 assignments' sessions, 0011 the devices' heartbeats,
    // 0014 the monitor's change stamps, 0016 an assigned session's progress, 0020 a pool's draw and
    // signals kept, 0022 marks awaited: no session before them was a preview or an assignment's, nor has a heartbeat, a
    // stamp, progress, a draw or signals of its own.
    const added = {
      preview: 0,
      assignment_id: null,
      display_name: null,
      shuffle_questions: 0,
      shuffle_options: 0,
      last_contact_at: null,
      unsent_answers: null,
      changed_at: null,
      answered_questions: null,
      last_answer_at: null,
      drawn: null,
      collect_signals: 0,
      signal_count: 0,
      awaiting_marks: 0,
      accommodation: null,
      counts_from: null,
      base_ms: null,
      read_aloud: 1,
    };
    for (const row of after.online_sessions ?? []) expect(row).toMatchObject(added);
    expect(
      after.online_sessions?.map((row) =>
        Object.fromEntries(Object.entries(row).filter(([column]) => !Object.hasOwn(added, column))),
      ),
    ).toEqual(before.online_sessions);
    // 0017 adds each version's payload key, made when its sealed payload is first asked for.
    expect(after.lesson_versions?.every((v) => v.payload_key === null)).toBe(true);
    expect(after.lesson_versions?.map(({ payload_key: _key, ...rest }) => rest)).toEqual(before.lesson_versions);
    const changed = ['answers', 'lessons', 'online_sessions', 'lesson_versions'];
    for (const table of Object.keys(TABLES).filter((t) => !changed.includes(t)))
      expect(after[table], table).toEqual(before[table]);
    // Running it again changes nothing.
    expect(await migrateToLatest(database)).toEqual([]);
  });

  it('serves the old sessions after the upgrade: answers kept, new ones taken, results scored', async () => {
    const app = await buildApp({
      config: loadConfig({ DIST_DIR: 'none' }),
      database,
      now: clock.now,
      jobs: false,
    });
    try {
      const state = await app.inject({ url: `/v1/public/lessons/online/${running.uuid}?api_token=${running.token}` });
      expect(state.statusCode, state.body).toBe(200);
      expect(
        state.json().data.answers.map((a: { question_id: string; value: unknown }) => [a.question_id, a.value]),
      ).toEqual([
        ['q1', 'b'],
        ['q2', ['a', 'c']],
        ['q3', 'Київ 🇺🇦 "quoted" \\ slash'],
      ]);
      const more = await app.inject({
        method: 'POST',
        url: `/v1/public/lessons/online/${running.uuid}/answer?api_token=${running.token}`,
        payload: { answer_id: randomUUID(), question_id: 'q4', value: 4, answered_at: clock.value },
      });
      expect(more.statusCode, more.body).toBe(201);
      const done = await app.inject({
        method: 'POST',
        url: `/v1/public/lessons/online/${running.uuid}/finish`,
        payload: { api_token: running.token },
      });
      expect(done.statusCode, done.body).toBe(200);
      const results = await app.inject({
        url: `/v1/public/lessons/online/${finished.uuid}/results?api_token=${finished.token}`,
      });
      expect(results.statusCode, results.body).toBe(200);
      // The account made before the upgrade still signs in with its token and sees its test.
      const list = await app.inject({
        url: '/v1/profile/completed-tests',
        headers: { authorization: 'Bearer token-access' },
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data.map((t: { uuid: string }) => t.uuid)).toEqual([running.uuid]);
    } finally {
      await app.close();
    }
  });
});
