import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswersTable, OnlineSessionsTable } from '../../db/schema.ts';
import { databaseWithFixtureLesson } from '../../test/fixture-lesson.ts';
import { dialectName, type TestDatabase } from '../../test/helpers.ts';
import { runningSessionRow } from '../../test/session-rows.ts';
import { LessonVersionStore } from '../catalog/lesson-versions.ts';
import { AnswerGroupCommit } from './answer-group-commit.ts';
import { FinishWriter, latestAnswersOf, padded } from './finish-writer.ts';
import { SessionWriter } from './session-writer.ts';

const rowLocks = dialectName === 'postgres';
let database: TestDatabase;
let versions: LessonVersionStore;
let sessionRow: () => OnlineSessionsTable;
let now = 10_000;

beforeAll(async () => {
  const fixture = await databaseWithFixtureLesson();
  database = fixture.database;
  versions = new LessonVersionStore(database.db);
  const lesson = fixture.lesson;
  sessionRow = () => runningSessionRow(lesson);
});

afterAll(async () => {
  await database?.dispose();
});

async function started(count: number): Promise<OnlineSessionsTable[]> {
  const writer = new SessionWriter(database.db);
  const rows = Array.from({ length: count }, sessionRow);
  await Promise.all(rows.map((row) => writer.insert(row)));
  return rows;
}

function answerRow(session: string, question: string, value: unknown, answeredAt: number): AnswersTable {
  return {
    session_uuid: session,
    id: randomUUID(),
    question_id: question,
    value: JSON.stringify(value),
    answered_at: answeredAt,
    received_at: answeredAt,
    late_ms: null,
  };
}

const finishes = () => new FinishWriter(database.db, versions, { rowLocks, now: () => now, closed: () => {} });

describe(`the finish's writer on ${dialectName}`, () => {
  it('closes sessions finished together, each with the score of its own latest answers and its own reason', async () => {
    const sessions = await started(300);
    const answers = new AnswerGroupCommit(database.db, rowLocks);
    await Promise.all(
      sessions.flatMap((s, i) => [
        // The later answer counts: right on even sessions, wrong on odd ones.
        answers.insert(answerRow(s.uuid, 'q1', 'a', 2_000)),
        answers.insert(answerRow(s.uuid, 'q1', i % 2 === 0 ? 'b' : 'c', 3_000)),
        ...(i % 3 === 0 ? [answers.insert(answerRow(s.uuid, 'q4', 2.75, 2_500))] : []),
      ]),
    );
    now = 20_000;
    const scored = new Map<string, unknown>();
    const writer = new FinishWriter(database.db, versions, {
      rowLocks,
      now: () => now,
      closed: (row, answers) => scored.set(row.uuid, answers),
    });
    const closed = await Promise.all(sessions.map((s, i) => writer.close(s, i % 2 ? 'manual' : 'timeout')));
    const expected = (i: number) => (i % 2 === 0 ? 1 : 0) + (i % 3 === 0 ? 3 : 0);
    const stored = await database.db
      .selectFrom('online_sessions')
      .select(['uuid', 'status', 'score', 'finish_reason', 'finished_at'])
      .where(
        'uuid',
        'in',
        sessions.map((s) => s.uuid),
      )
      .execute();
    const byUuid = new Map(stored.map((row) => [row.uuid, row]));
    for (const [i, s] of sessions.entries()) {
      const reason = i % 2 ? 'manual' : 'timeout';
      expect(closed[i]).toMatchObject({ uuid: s.uuid, status: 'finished', score: expected(i), finish_reason: reason });
      const row = byUuid.get(s.uuid);
      expect({ ...row, score: Number(row?.score), finished_at: Number(row?.finished_at) }).toEqual({
        uuid: s.uuid,
        status: 'finished',
        score: expected(i),
        finish_reason: reason,
        finished_at: 20_000,
      });
    }
    expect(writer.split).toBe(0);
    // What the results of a session just finished are read from, in place of the database.
    for (const s of sessions.slice(0, 12))
      expect(scored.get(s.uuid)).toEqual(await latestAnswersOf(database.db, s.uuid));
  });

  it('answers a repeat as the first finish did, in the same commit and after it', async () => {
    const [session] = (await started(1)) as [OnlineSessionsTable];
    now = 30_000;
    const writer = finishes();
    const [first, second] = await Promise.all([writer.close(session, 'manual'), writer.close(session, 'timeout')]);
    now = 40_000;
    const later = await writer.close(session, 'expired');
    for (const row of [first, second, later]) {
      expect({ ...row, finished_at: Number(row.finished_at) }).toMatchObject({
        status: 'finished',
        finish_reason: 'manual',
        finished_at: 30_000,
        score: 0,
      });
    }
  });

  it('refuses a session that does not exist alone: the others of its commit are closed', async () => {
    const [a, b] = (await started(2)) as [OnlineSessionsTable, OnlineSessionsTable];
    const writer = finishes();
    const results = await Promise.allSettled([
      writer.close(a, 'manual'),
      writer.close({ ...a, uuid: randomUUID() }, 'manual'),
      writer.close(b, 'manual'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('counts every answer stored while finishes race answers on many sessions, and none waits on another', async () => {
    const sessions = await started(200);
    const right: [string, unknown, number][] = [
      ['q1', 'b', 1],
      ['q2', ['a', 'c'], 2],
      ['q4', 2.75, 3],
    ];
    const answers = new AnswerGroupCommit(database.db, rowLocks);
    const writer = finishes();
    const points = new Map<string, number>(sessions.map((s) => [s.uuid, 0]));
    await Promise.all(
      sessions.flatMap((s, i) => {
        const sends = right.map(async ([question, value, worth]) => {
          if (await answers.insert(answerRow(s.uuid, question, value, 2_000)))
            points.set(s.uuid, (points.get(s.uuid) ?? 0) + worth);
        });
        // The finish goes first, among or after the answers, by session.
        sends.splice(
          i % (right.length + 1),
          0,
          writer.close(s, 'timeout').then(() => {}),
        );
        return sends;
      }),
    );
    const stored = await database.db
      .selectFrom('online_sessions')
      .select(['uuid', 'score'])
      .where(
        'uuid',
        'in',
        sessions.map((s) => s.uuid),
      )
      .execute();
    for (const row of stored) expect(Number(row.score), row.uuid).toBe(points.get(row.uuid));
    // A batch split into single writes is how a deadlock between the two writers would show.
    expect({ answers: answers.split, finishes: writer.split }).toEqual({ answers: 0, finishes: 0 });
  });
});

describe('a padded list', () => {
  it('repeats its last item up to the next power of two, and leaves an empty one empty', () => {
    expect(padded([])).toEqual([]);
    expect(padded(['a'])).toEqual(['a']);
    expect(padded(['a', 'b', 'c'])).toEqual(['a', 'b', 'c', 'c']);
    expect(padded(['a', 'b'], 4)).toEqual(['a', 'b', 'b', 'b']);
    expect(padded(Array.from({ length: 129 }, (_, i) => i))).toHaveLength(256);
  });
});
