/**
 * State changes sent several times at once take effect once (issue 61): a resume, a tutor's removal
 * of an attempt, an account's deletion, a claim of an attempt with its receipt and a device's
 * acknowledgement of a message. On PostgreSQL the pool runs the requests at once (app.inject in one
 * process does), so each change must be a conditional write whose changed rows are checked; on
 * SQLite they take turns. Either way: exactly one takes effect, the rest get the answer a later
 * request would have, and the database changed once.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '../../contract/receipts.ts';
import { signedInUser } from '../test/accounts.ts';
import { createTestApp, dialectName, type TestApp } from '../test/helpers.ts';
import { oneBlockDraft } from '../test/one-block-draft.ts';
import { takerCalls } from '../test/taker-calls.ts';
import { type Callers, tutorCallers } from '../test/tutor-callers.ts';

let t: TestApp;
let callers: Callers;
let testId = '';
const call: Callers['call'] = (who, options) => callers.call(who, options);
const { assign, startAs, answer, finish } = takerCalls(call, () => t.clock.value);
const en = (text: string) => ({ en: text });

const draft = oneBlockDraft('Once', [
  { id: 'q1', type: 'number', points: 1, text: en('1 + 1?'), correct_number: 2, tolerance: 0 },
]);

beforeAll(async () => {
  t = await createTestApp();
  callers = await tutorCallers(t.app);
  testId = (await t.app.tutorTests.create(callers.users.tutor.id, 'en', draft)).id;
  await t.app.tutorTests.publish(callers.users.tutor.id, testId);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** The answers' statuses, sorted, and the message of each that is not 200. */
const outcome = (answers: { statusCode: number; json(): { message?: string } }[]) => ({
  statuses: answers.map((a) => a.statusCode).sort(),
  refusals: [...new Set(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().message))],
});

const changesOf = async (assignmentId: string, kind: 'pause' | 'removal') =>
  t.database.db
    .selectFrom('assignment_changes')
    .select('id')
    .where('assignment_id', '=', assignmentId)
    .where('kind', '=', kind)
    .execute();

const deadlineOf = async (uuid: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('online_sessions')
        .select('deadline')
        .where('uuid', '=', uuid)
        .executeTakeFirstOrThrow()
    ).deadline,
  );

describe(`state changes sent at once take effect once, on ${dialectName}`, () => {
  it('five resumes of one pause: one moves every deadline by the pause, four are told it is not paused', async () => {
    const made = await assign(testId);
    const ann = await startAs(made.code, 'Ann');
    const bo = await startAs(made.code, 'Bo');
    expect((await call('tutor', { method: 'POST', url: `/v1/tutor/assignments/${made.id}/pause` })).statusCode).toBe(
      200,
    );
    t.clock.advance(2_000);
    const resumes = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('tutor', { method: 'POST', url: `/v1/tutor/assignments/${made.id}/resume` }),
      ),
    );
    expect(outcome(resumes)).toEqual({
      statuses: [200, 409, 409, 409, 409],
      refusals: ['This assignment is not paused'],
    });
    expect([await deadlineOf(ann.uuid), await deadlineOf(bo.uuid)]).toEqual([
      ann.deadline + 2_000,
      bo.deadline + 2_000,
    ]);
    expect(await changesOf(made.id, 'pause')).toHaveLength(1);
  });

  it('two grants of extra time to one taker at once are two: each adds to the deadline and logs what it moved', async () => {
    const made = await assign(testId);
    const ann = await startAs(made.code, 'Ann');
    const grants = await Promise.all(
      [0, 1].map(() =>
        call('tutor', {
          method: 'POST',
          url: `/v1/tutor/assignments/${made.id}/attempts/${ann.uuid}/extra-time`,
          payload: { minutes: 5 },
        }),
      ),
    );
    expect(outcome(grants).statuses).toEqual([200, 200]);
    expect(grants.map((g) => g.json().data.deadline).sort()).toEqual([ann.deadline + 300_000, ann.deadline + 600_000]);
    expect(await deadlineOf(ann.uuid)).toBe(ann.deadline + 600_000);
    const logged = await t.database.db
      .selectFrom('assignment_changes')
      .select('detail')
      .where('session_uuid', '=', ann.uuid)
      .where('kind', '=', 'extra_time')
      .execute();
    const moves = logged.map((r) => JSON.parse(r.detail) as { old_deadline: number; new_deadline: number });
    expect(moves.map((m) => [m.old_deadline, m.new_deadline]).sort()).toEqual([
      [ann.deadline, ann.deadline + 300_000],
      [ann.deadline + 300_000, ann.deadline + 600_000],
    ]);
  });

  it('two removals of one attempt: one removes and logs it, the other finds nothing to remove', async () => {
    const made = await assign(testId);
    const gone = await startAs(made.code, 'Gone');
    await answer(gone, [{ question_id: 'q1', value: 2 }]);
    expect((await finish(gone)).statusCode).toBe(200);
    const removals = await Promise.all(
      [0, 1].map(() =>
        call('tutor', { method: 'DELETE', url: `/v1/tutor/assignments/${made.id}/attempts/${gone.uuid}` }),
      ),
    );
    expect(outcome(removals)).toEqual({
      statuses: [200, 404],
      refusals: ['There is no such attempt in this assignment'],
    });
    expect(await changesOf(made.id, 'removal')).toHaveLength(1);
  });

  it('two deletions of one account: one deletes it, the other is told it is gone', async () => {
    const person = await signedInUser(t.app, {
      email: 'twice.deleted@example.com',
      role: 'student',
      emailVerified: true,
    });
    const asPerson = (options: InjectOptions) =>
      t.app.inject({ ...options, headers: { authorization: `Bearer ${person.token}` } });
    const made = await assign(testId);
    const started = await asPerson({ method: 'POST', url: `/v1/public/assignments/${made.code}/start`, payload: {} });
    expect(started.statusCode, started.body).toBe(201);
    const deletions = await Promise.all(
      [0, 1].map(() =>
        asPerson({
          method: 'POST',
          url: '/v1/profile/delete-account',
          payload: { email: 'twice.deleted@example.com' },
        }),
      ),
    );
    const { statuses } = outcome(deletions);
    // The second is refused before its transaction (its sign-in is gone: 401) or inside it (409).
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const done = deletions.find((d) => d.statusCode === 200);
    expect(done?.json().data).toEqual({ ok: true, attempts: 'anonymised', count: 1 });
    const refused = deletions.find((d) => d.statusCode !== 200);
    if (refused?.statusCode === 409) expect(refused.json().message).toBe('This account has been deleted already');
    expect(await t.database.db.selectFrom('users').select('id').where('id', '=', person.user.id).execute()).toEqual([]);
  });

  it('two accounts claiming one attempt at once: one gets it, the other is refused', async () => {
    const made = await assign(testId);
    const k = await startAs(made.code, 'Claimed');
    expect((await finish(k)).statusCode).toBe(200);
    const signed = await call(null, { url: `/v1/public/lessons/online/${k.uuid}/receipt?api_token=${k.api_token}` });
    const { receipt } = signed.json().data as { receipt: Receipt };
    const claims = await Promise.all(
      (['student', 'otherTutor'] as const).map((who) =>
        call(who, { method: 'POST', url: '/v1/profile/claim-attempt', payload: { receipt } }),
      ),
    );
    expect(outcome(claims)).toEqual({
      statuses: [200, 404],
      refusals: ['This receipt does not name an attempt that can be put into your account'],
    });
    const winner = claims[0]?.statusCode === 200 ? 'student' : 'otherTutor';
    const row = await t.database.db
      .selectFrom('online_sessions')
      .select('user_id')
      .where('uuid', '=', k.uuid)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(callers.users[winner].id);
  });

  it('a message acknowledged by two heartbeats at once is recorded once, when first shown', async () => {
    const made = await assign(testId);
    const k = await startAs(made.code, 'Seen');
    const sent = await call('tutor', {
      method: 'POST',
      url: `/v1/tutor/assignments/${made.id}/messages`,
      payload: { text: 'Five minutes left.' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().data.id as string;
    const beats = await Promise.all(
      [0, 1].map(() =>
        call(null, {
          method: 'POST',
          url: `/v1/public/lessons/online/${k.uuid}/heartbeat`,
          payload: { api_token: k.api_token, unsent: 0, seen: [id] },
        }),
      ),
    );
    expect(outcome(beats).statuses).toEqual([200, 200]);
    const reads = await t.database.db
      .selectFrom('message_reads')
      .select(['message_id', 'read_at'])
      .where('session_uuid', '=', k.uuid)
      .execute();
    expect(reads.map((r) => [r.message_id, Number(r.read_at)])).toEqual([[id, t.clock.value]]);
  });
});
