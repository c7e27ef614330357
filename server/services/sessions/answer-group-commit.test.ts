import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswersTable, OnlineSessionsTable } from '../../db/schema.ts';
import { databaseWithFixtureLesson } from '../../test/fixture-lesson.ts';
import { dialectName, type TestDatabase } from '../../test/helpers.ts';
import { runningSessionRow } from '../../test/session-rows.ts';
import { AnswerGroupCommit } from './answer-group-commit.ts';

const rowLocks = dialectName === 'postgres';
let database: TestDatabase;
let sessionRow: () => OnlineSessionsTable;

beforeAll(async () => {
  const fixture = await databaseWithFixtureLesson();
  database = fixture.database;
  const lesson = fixture.lesson;
  sessionRow = () => runningSessionRow(lesson);
});

afterAll(async () => {
  await database?.dispose();
});

async function sessions(count: number): Promise<OnlineSessionsTable[]> {
  const rows = Array.from({ length: count }, sessionRow);
  await database.db.insertInto('online_sessions').values(rows).execute();
  return rows;
}

function answer(session: string, value: unknown, at = 2_000): AnswersTable {
  return {
    session_uuid: session,
    id: randomUUID(),
    question_id: 'q1',
    value: JSON.stringify(value),
    answered_at: at,
    received_at: at + 5,
    late_ms: null,
  };
}

const storedOf = (session: string) =>
  database.db.selectFrom('answers').selectAll().where('session_uuid', '=', session).orderBy('id').execute();

describe(`the answer group commit on ${dialectName}`, () => {
  it('tells each answer of one batch whether it stored it: new, sent twice, already stored, closed or unknown session', async () => {
    const [open, other, closed] = await sessions(3);
    if (!(open && other && closed)) throw new Error('three sessions');
    await database.db
      .updateTable('online_sessions')
      .set({ status: 'finished', finished_at: 3_000 })
      .where('uuid', '=', closed.uuid)
      .execute();
    const writer = new AnswerGroupCommit(database.db, rowLocks);
    const earlier = answer(open.uuid, 'a');
    expect(await writer.insert(earlier)).toBe(true);

    const fresh = answer(open.uuid, 'b');
    const twice = answer(other.uuid, 'c');
    const unknown = randomUUID();
    // Pushed in one turn: one batch, one commit.
    const results = await Promise.all([
      writer.insert(fresh),
      writer.insert(twice),
      writer.insert({ ...twice }),
      writer.insert({ ...earlier, value: '"changed"' }),
      writer.insert(answer(closed.uuid, 'd')),
      writer.insert(answer(unknown, 'e')),
    ]);

    expect(results).toEqual([true, true, false, false, false, false]);
    expect(writer.split).toBe(0);
    expect((await storedOf(open.uuid)).map((r) => r.value).sort()).toEqual(['"a"', '"b"']);
    expect((await storedOf(other.uuid)).map((r) => r.id)).toEqual([twice.id]);
    expect(await storedOf(closed.uuid)).toEqual([]);
    expect(await storedOf(unknown)).toEqual([]);
  });

  it('stores every value and time exactly as given, whatever characters the value holds', async () => {
    const [session] = await sessions(1);
    if (!session) throw new Error('a session');
    const writer = new AnswerGroupCommit(database.db, rowLocks);
    const values = [
      'plain',
      'quote " and backslash \\ and {braces, commas}',
      'NULL',
      '',
      'Ї ї Ґ ł ż ё — 𝑥²',
      ['x', 'y'],
      2.75,
      null,
    ];
    const rows = values.map((v, i) => ({
      ...answer(session.uuid, v, 10_000 + i),
      late_ms: i % 2 ? 1_234_567_890_123 : null,
    }));
    const results = await Promise.all(rows.map((row) => writer.insert(row)));
    expect(results.every(Boolean)).toBe(true);
    const stored = await storedOf(session.uuid);
    const byId = new Map(stored.map((r) => [r.id, r]));
    for (const row of rows) {
      const got = byId.get(row.id);
      expect(
        got && {
          ...got,
          answered_at: Number(got.answered_at),
          received_at: Number(got.received_at),
          late_ms: got.late_ms === null ? null : Number(got.late_ms),
        },
      ).toEqual(row);
    }
  });

  it("stamps each assigned session of a batch with its latest answer's arrival, never back, and counts its questions", async () => {
    const [a, b, c] = await sessions(3);
    if (!(a && b && c)) throw new Error('three sessions');
    // A heartbeat wrote a later time into b meanwhile: the stamp must not move it back.
    await database.db
      .updateTable('online_sessions')
      .set({ changed_at: 50_000, last_answer_at: 40_000 })
      .where('uuid', '=', b.uuid)
      .execute();
    const writer = new AnswerGroupCommit(database.db, rowLocks);
    const row = (session: string, question: string, at: number) => ({
      ...answer(session, 'x', at),
      question_id: question,
    });
    const results = await Promise.all([
      writer.insert(row(a.uuid, 'q1', 20_000), true),
      writer.insert(row(a.uuid, 'q1', 21_000), true),
      writer.insert(row(a.uuid, 'q2', 20_500), true),
      writer.insert(row(b.uuid, 'q3', 30_000), true),
      // Not an assignment's answer: its session stays as it was.
      writer.insert(row(c.uuid, 'q1', 30_000), false),
    ]);
    expect(results).toEqual([true, true, true, true, true]);
    const stamped = await database.db
      .selectFrom('online_sessions')
      .select(['uuid', 'changed_at', 'last_answer_at', 'answered_questions'])
      .where('uuid', 'in', [a.uuid, b.uuid, c.uuid])
      .execute();
    const of = (uuid: string) => {
      const s = stamped.find((r) => r.uuid === uuid);
      return (
        s && [Number(s.changed_at), s.last_answer_at === null ? null : Number(s.last_answer_at), s.answered_questions]
      );
    };
    expect(of(a.uuid)).toEqual([21_005, 21_005, 2]);
    expect(of(b.uuid)).toEqual([50_000, 40_000, 1]);
    expect(of(c.uuid)).toEqual([1_000, null, null]);
  });

  it('writes a batch larger than one commit takes and answers every caller', async () => {
    const many = await sessions(40);
    const writer = new AnswerGroupCommit(database.db, rowLocks);
    const rows = many.flatMap((s) => Array.from({ length: 20 }, (_, i) => answer(s.uuid, i)));
    const results = await Promise.all(rows.map((row) => writer.insert(row)));
    expect(results.filter(Boolean)).toHaveLength(800);
    const count = await database.db
      .selectFrom('answers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(
        'session_uuid',
        'in',
        many.map((s) => s.uuid),
      )
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(800);
  });
});
