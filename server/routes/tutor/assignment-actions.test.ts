import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AssignmentMonitor,
  type AssignmentRules,
  mergeMonitor,
  PLAINEST_RULES,
} from '../../../contract/assignments.ts';
import { AnswerGroupCommit } from '../../services/sessions/answer-group-commit.ts';
import { heldWriter as openHeldWriter } from '../../test/held-writer.ts';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';
import { type Taker, takerCalls } from '../../test/taker-calls.ts';
import { type Callers, tutorCallers, type Who } from '../../test/tutor-callers.ts';
import { completeDraft } from './draft-fixture.ts';

let t: TestApp;
let callers: Callers;
let publishedTest = '';

const call: Callers['call'] = (who, options) => callers.call(who, options);
const heldWriter = () => openHeldWriter(t.database);

const calls = takerCalls(call, () => t.clock.value);
const assign = (rules: Partial<AssignmentRules> = {}) => calls.assign(publishedTest, rules);
const { startAs, answer, finish, results } = calls;

const tutorCall = (path: string, options: { method?: 'GET' | 'POST'; payload?: object; who?: Who } = {}) =>
  call(options.who ?? 'tutor', {
    method: options.method ?? 'GET',
    url: `/v1/tutor/assignments/${path}`,
    ...(options.payload ? { payload: options.payload } : {}),
  });

beforeAll(async () => {
  t = await createTestApp();
  callers = await tutorCallers(t.app);
  const tutorId = callers.users.tutor.id;
  publishedTest = (await t.app.tutorTests.create(tutorId, 'en', completeDraft())).id;
  await t.app.tutorTests.publish(tutorId, publishedTest);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe(`an assignment's lobby and the tutor's actions on ${dialectName}`, () => {
  it('holds a waiting device until the signal, shows it on the monitor, and lets it start when the signal comes', async () => {
    const made = await assign({ start: 'signal' });
    const waiter = '5a5a5a5a-0000-4000-8000-000000000001';
    const lobby = call(null, {
      method: 'POST',
      url: `/v1/public/assignments/${made.code}/lobby`,
      payload: { waiter, display_name: 'Ann' },
    });
    // The held request has arrived once the monitor shows Ann waiting.
    let waiting: { name: string }[] = [];
    for (let i = 0; i < 50 && waiting.length === 0; i++) {
      waiting = (await tutorCall(`${made.id}/monitor`)).json().data.waiting;
      if (waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(waiting.map((w) => w.name)).toEqual(['Ann']);

    const heldSince = Date.now();
    expect((await tutorCall(`${made.id}/start`, { method: 'POST', payload: {} })).statusCode).toBe(200);
    const woke = await lobby;
    // Answered on the signal, not at the end of the 20 s hold.
    expect(Date.now() - heldSince).toBeLessThan(10_000);
    expect(woke.statusCode, woke.body).toBe(200);
    expect(woke.json().data).toMatchObject({ state: 'open', server_now: t.clock.value });

    const ann = await startAs(made.code, 'Ann', { waiter });
    expect(ann.deadline).toBe(t.clock.value + 600_000);
    const monitor = (await tutorCall(`${made.id}/monitor`)).json().data;
    expect(monitor.waiting).toEqual([]);
    expect(monitor.takers.map((k: { name: string }) => k.name)).toEqual(['Ann']);

    // Once open, a lobby request answers at once and records nobody.
    const late = await call(null, {
      method: 'POST',
      url: `/v1/public/assignments/${made.code}/lobby`,
      payload: { waiter: '5a5a5a5a-0000-4000-8000-000000000002', display_name: 'Bo' },
    });
    expect(late.json().data.state).toBe('open');
    expect((await tutorCall(`${made.id}/monitor`)).json().data.waiting).toEqual([]);
  });

  it('refuses a lobby request without a name or from a stranger to a students-only assignment, changing nothing', async () => {
    const open = await assign({ start: 'signal' });
    const studentsOnly = await assign({ start: 'signal', access: 'students' });
    const before = await tableDigest(t.database.db);
    const lobby = (code: string, payload: object, who: Who | null = null) =>
      call(who, { method: 'POST', url: `/v1/public/assignments/${code}/lobby`, payload, language: 'pl' });
    const nameless = await lobby(open.code, { waiter: '5a5a5a5a-0000-4000-8000-000000000003' });
    expect(nameless.statusCode).toBe(422);
    expect(nameless.json().errors.display_name).toHaveLength(1);
    expect((await lobby(open.code, { waiter: 'nope', display_name: 'X' })).statusCode).toBe(422);
    expect(
      (await lobby(studentsOnly.code, { waiter: '5a5a5a5a-0000-4000-8000-000000000004', display_name: 'X' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await lobby(studentsOnly.code, { waiter: '5a5a5a5a-0000-4000-8000-000000000004' }, 'tutor')).statusCode,
    ).toBe(403);
    expect((await lobby('ZZZZZZZZ', { waiter: '5a5a5a5a-0000-4000-8000-000000000004' })).statusCode).toBe(404);
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('gives one taker extra time: the deadline moves, the device learns it on its next contact, answers after the old deadline count', async () => {
    const made = await assign();
    const ann = await startAs(made.code, 'Ann');
    const bo = await startAs(made.code, 'Bo');
    // The server has the session in memory from its start, with the old deadline.
    const given = await tutorCall(`${made.id}/attempts/${ann.uuid}/extra-time`, {
      method: 'POST',
      payload: { minutes: 5 },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data).toMatchObject({ session: ann.uuid, deadline: ann.deadline + 300_000 });

    const heartbeat = await call(null, {
      method: 'POST',
      url: `/v1/public/lessons/online/${ann.uuid}/heartbeat`,
      payload: { api_token: ann.api_token, unsent: 0 },
    });
    expect(heartbeat.json().data.deadline).toBe(ann.deadline + 300_000);

    // Four minutes past the old deadline (and its grace): Ann's answer counts, Bo's time is over.
    t.clock.advance(600_000 + 240_000);
    const annAnswer = await answer(ann, [{ question_id: 'q1', value: 'a' }]);
    expect(annAnswer.json().data.results[0].status, annAnswer.body).toBe(201);
    const boAnswer = await answer(bo, [{ question_id: 'q1', value: 'a' }]);
    expect(boAnswer.json().data.results[0].status).toBe(409);

    const changes = (await tutorCall(`${made.id}/changes`)).json().data;
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ kind: 'extra_time', session: ann.uuid, name: 'Ann' });
    expect(JSON.parse(changes[0].detail)).toEqual({
      minutes: 5,
      old_deadline: ann.deadline,
      new_deadline: ann.deadline + 300_000,
    });

    await finish(ann);
    const before = await tableDigest(t.database.db);
    const finished = await tutorCall(`${made.id}/attempts/${ann.uuid}/extra-time`, {
      method: 'POST',
      payload: { minutes: 5 },
    });
    expect(finished.statusCode).toBe(409);
    expect(finished.json().message).toMatch(/already finished/);
    for (const minutes of [0, 601, 'five']) {
      const bad = await tutorCall(`${made.id}/attempts/${bo.uuid}/extra-time`, {
        method: 'POST',
        payload: { minutes },
      });
      expect(bad.statusCode).toBe(422);
    }
    const stranger = await tutorCall(`${made.id}/attempts/${bo.uuid}/extra-time`, {
      method: 'POST',
      payload: { minutes: 5 },
      who: 'otherTutor',
    });
    expect(stranger.statusCode).toBe(404);
    const elsewhere = await tutorCall(`${made.id}/attempts/${publishedTest}/extra-time`, {
      method: 'POST',
      payload: { minutes: 5 },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('ends running attempts when the tutor closes early: answers made before still arrive, later ones are refused', async () => {
    const made = await assign();
    const ann = await startAs(made.code, 'Ann');
    const givenBefore = t.clock.value;
    t.clock.advance(60_000);
    await tutorCall(`${made.id}/close`, { method: 'POST', payload: {} });
    const closedAt = t.clock.value;
    const heartbeat = await call(null, {
      method: 'POST',
      url: `/v1/public/lessons/online/${ann.uuid}/heartbeat`,
      payload: { api_token: ann.api_token, unsent: 2 },
    });
    expect(heartbeat.json().data.deadline).toBe(closedAt);
    // Past the network grace, an offline device delivers one answer made before the close and one after.
    t.clock.advance(120_000);
    const late = await answer(ann, [
      { question_id: 'q1', value: 'a', answered_at: givenBefore },
      { question_id: 'q4', value: 2.5, answered_at: closedAt + 1_000 },
    ]);
    expect(late.json().data.results.map((r: { status: number }) => r.status)).toEqual([201, 409]);
  });

  it('shows on the monitor every answer the database holds, and a finish, on the next read', async () => {
    const made = await assign();
    const ann = await startAs(made.code, 'Ann');
    const answered = async () => (await tutorCall(`${made.id}/monitor`)).json().data.takers[0].answered as number;
    expect(await answered()).toBe(0);
    // Stored by another server process's answer writer: the monitor reads it in the database.
    const elsewhere = new AnswerGroupCommit(t.database.db, dialectName === 'postgres');
    const stored = await elsewhere.insert(
      {
        session_uuid: ann.uuid,
        id: '7e7e7e7e-0000-4000-8000-000000000001',
        question_id: 'q1',
        value: '"a"',
        answered_at: t.clock.value,
        received_at: t.clock.value,
        late_ms: null,
      },
      true,
    );
    expect(stored).toBe(true);
    expect(await answered()).toBe(1);
    // Through the app, the next read shows it; the same question answered again is still one.
    const more = await answer(ann, [
      { question_id: 'q4', value: 2.5 },
      { question_id: 'q1', value: 'b' },
    ]);
    expect(more.statusCode, more.body).toBe(200);
    expect(await answered()).toBe(2);
    await finish(ann);
    expect((await tutorCall(`${made.id}/monitor`)).json().data.takers[0].status).toBe('finished');
  });

  it('sends, given a read’s cursor, only the takers changed since (an answer, a heartbeat, extra time, a finish, the close), and merged they make the full list', async () => {
    const made = await assign();
    const [ann, bob, cat, dan] = [
      await startAs(made.code, 'Ann'),
      await startAs(made.code, 'Bob'),
      await startAs(made.code, 'Cat'),
      await startAs(made.code, 'Dan'),
    ];
    const read = async (since?: number) => {
      const res = await tutorCall(`${made.id}/monitor${since === undefined ? '' : `?since=${since}`}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as AssignmentMonitor;
    };
    const names = (m: AssignmentMonitor) => m.takers.map((taker) => taker.name);
    const taker = (m: AssignmentMonitor, name: string) => m.takers.find((k) => k.name === name);
    // Exactly the changed takers on SQLite. PostgreSQL's cursor is the oldest transaction still
    // running anywhere on the database server at the read, so a taker written after it is sent
    // again: other test files write there at the same time.
    const expectSent = (m: AssignmentMonitor, expected: string[]) => {
      expect(m.full).toBe(false);
      if (dialectName === 'sqlite') expect(names(m).sort()).toEqual(expected);
      else expect(names(m)).toEqual(expect.arrayContaining(expected));
    };
    // With nothing written, reads from each one's cursor come back empty (at once on SQLite; on
    // PostgreSQL once the other files' transactions running at the read have ended).
    const expectQuiet = async (cursor: number) => {
      let m = await read(cursor);
      for (let tries = 1; m.takers.length > 0 && dialectName === 'postgres' && tries < 20; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        m = await read(m.cursor);
      }
      expect(m).toMatchObject({ full: false, takers: [] });
    };
    t.clock.advance(10_000);
    let seen = await read();
    expect(seen.full).toBe(true);
    expect(names(seen)).toEqual(['Ann', 'Bob', 'Cat', 'Dan']);
    // The cursor trails the read, so that a write stored just after it is not missed.
    expect(seen.cursor).toBeLessThan(seen.server_now);
    await expectQuiet(seen.cursor);

    t.clock.advance(5_000);
    expect((await answer(ann, [{ question_id: 'q1', value: 'a' }])).statusCode).toBe(200);
    await call(null, {
      method: 'POST',
      url: `/v1/public/lessons/online/${bob.uuid}/heartbeat`,
      payload: { api_token: bob.api_token, unsent: 3 },
    });
    const extra = await tutorCall(`${made.id}/attempts/${cat.uuid}/extra-time`, {
      method: 'POST',
      payload: { minutes: 5 },
    });
    expect(extra.statusCode, extra.body).toBe(200);
    t.clock.advance(5_000);
    const changed = await read(seen.cursor);
    expect(Object.fromEntries(changed.takers.map((k) => [k.name, k]))).toMatchObject({
      Ann: { answered: 1 },
      Bob: { unsent_at_last_contact: 3 },
      Cat: { deadline: cat.deadline + 5 * 60_000 },
    });
    expectSent(changed, ['Ann', 'Bob', 'Cat']);
    seen = mergeMonitor(seen, changed);

    // An answer that arrived at another process a moment before that read, but was stored (and its
    // session stamped, in the same commit) after it, still comes.
    const cursor = changed.cursor;
    const stamped = changed.server_now - 1_000;
    const elsewhere = new AnswerGroupCommit(t.database.db, dialectName === 'postgres');
    await elsewhere.insert(
      {
        session_uuid: dan.uuid,
        id: '7e7e7e7e-0000-4000-8000-000000000002',
        question_id: 'q1',
        value: '"b"',
        answered_at: stamped,
        received_at: stamped,
        late_ms: null,
      },
      true,
    );
    t.clock.advance(5_000);
    const late = await read(cursor);
    expectSent(late, ['Dan']);
    expect(taker(late, 'Dan')?.answered).toBe(1);
    seen = mergeMonitor(seen, late);

    expect((await finish(ann)).statusCode).toBe(200);
    t.clock.advance(5_000);
    const afterFinish = await read(late.cursor);
    expectSent(afterFinish, ['Ann']);
    expect(taker(afterFinish, 'Ann')?.status).toBe('finished');
    seen = mergeMonitor(seen, afterFinish);

    await tutorCall(`${made.id}/close`, { method: 'POST', payload: {} });
    t.clock.advance(5_000);
    const afterClose = await read(afterFinish.cursor);
    expectSent(afterClose, ['Bob', 'Cat', 'Dan']);
    seen = mergeMonitor(seen, afterClose);

    await expectQuiet(afterClose.cursor);
    // Nothing was missed: what the partial reads built is what a full read shows now.
    const whole = await read();
    expect(seen.takers).toEqual(mergeMonitor(undefined, whole).takers);
    expect((await tutorCall(`${made.id}/monitor?since=soon`)).statusCode).toBe(422);
  });

  it('sends a write that was still uncommitted during a read with the next read after it', async () => {
    const made = await assign();
    const ann = await startAs(made.code, 'Ann');
    const bob = await startAs(made.code, 'Bob');
    const read = async (since?: number) => {
      const res = await tutorCall(`${made.id}/monitor${since === undefined ? '' : `?since=${since}`}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as AssignmentMonitor;
    };
    // Another process's write, stamped before the read and committed after it.
    const writer = await heldWriter();
    await writer.write(
      `update online_sessions set unsent_answers = 7, changed_at = ${t.clock.value} where uuid = '${ann.uuid}'`,
    );
    // On PostgreSQL, a write begun after it and committed before the read: the read sees that one and
    // not the first (SQLite has one writer at a time: there, the first holds the second back).
    if (dialectName === 'postgres')
      expect((await answer(bob, [{ question_id: 'q1', value: 'a' }])).statusCode).toBe(200);
    const during = await read();
    if (dialectName === 'postgres') expect(during.takers.find((k) => k.name === 'Bob')?.answered).toBe(1);
    expect(during.takers.find((k) => k.name === 'Ann')?.unsent_at_last_contact).toBeNull();
    await writer.commit();
    t.clock.advance(1_500);
    const next = await read(during.cursor);
    expect(next.takers.find((k) => k.name === 'Ann')?.unsent_at_last_contact).toBe(7);
  });

  it.runIf(dialectName === 'postgres')(
    'on PostgreSQL still reads a time cursor (a monitor open while the server was upgraded) by the change stamps',
    async () => {
      const made = await assign();
      const ann = await startAs(made.code, 'Ann');
      t.clock.advance(10_000);
      const since = t.clock.value - 2_000;
      const before = await tutorCall(`${made.id}/monitor?since=${since}`);
      expect(before.json().data.takers).toEqual([]);
      expect((await answer(ann, [{ question_id: 'q1', value: 'a' }])).statusCode).toBe(200);
      const after = await tutorCall(`${made.id}/monitor?since=${since}`);
      expect(after.json().data.takers.map((k: { name: string }) => k.name)).toEqual(['Ann']);
      // What it answers with is a transaction cursor: far below any time.
      expect(after.json().data.cursor).toBeLessThan(since);
    },
  );

  it('takes a batch of answers as contact too, with the number the device still holds beyond it', async () => {
    const made = await assign();
    const ann = await startAs(made.code, 'Ann');
    await call(null, {
      method: 'POST',
      url: `/v1/public/lessons/online/${ann.uuid}/heartbeat`,
      payload: { api_token: ann.api_token, unsent: 4 },
    });
    t.clock.advance(40_000);
    const sent = await answer(ann, [{ question_id: 'q1', value: 'a' }], '&unsent=1');
    expect(sent.statusCode, sent.body).toBe(200);
    const [taker] = (await tutorCall(`${made.id}/monitor`)).json().data.takers;
    expect(taker).toMatchObject({ answered: 1, offline: false, unsent_at_last_contact: 1 });
    expect((await answer(ann, [{ question_id: 'q2', value: ['a'] }], '&unsent=-1')).statusCode).toBe(422);
  });

  it('shows a taker the results only once released, and only as much as the rules say; the tutor sees every attempt in full', async () => {
    const made = await assign({ release: 'after_close', review: 'answers' });
    const ann = await startAs(made.code, 'Ann');
    await answer(ann, [
      { question_id: 'q1', value: 'b' },
      { question_id: 'q4', value: 2.5 },
    ]);
    await finish(ann);
    const early = await results(ann, 'uk');
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('Ваші відповіді збережено. Результати буде показано, коли завдання закриється');

    const review = await tutorCall(`${made.id}/attempts/${ann.uuid}`);
    expect(review.statusCode, review.body).toBe(200);
    const full = review.json().data;
    expect(full).toMatchObject({ score: 1, max_score: 5, assignment_code: made.code });
    expect(full.review).toBeUndefined();
    expect(full.blocks[0].questions[0]).toMatchObject({ id: 'q1', given: 'b', correct_answer: 'a' });
    expect((await tutorCall(`${made.id}/attempts/${ann.uuid}`, { who: 'otherTutor' })).statusCode).toBe(404);

    await tutorCall(`${made.id}/close`, { method: 'POST', payload: {} });
    const released = await results(ann);
    expect(released.statusCode, released.body).toBe(200);
    const shown = released.json().data;
    expect(shown).toMatchObject({ score: 1, review: 'answers', assignment_code: made.code });
    expect(shown.blocks[0].questions[0]).toMatchObject({ given: 'b', correct_answer: null, explanation: null });
    // "Their own answers" and no more: no question marked right or wrong, no points per question or
    // block (with two options, a wrong mark names the right one).
    for (const question of shown.blocks.flatMap((b: { questions: object[] }) => b.questions)) {
      expect(question).toMatchObject({ score: null, correct: null, correct_answer: null, explanation: null });
    }
    expect(shown.blocks.map((b: { score: unknown }) => b.score)).toEqual(shown.blocks.map(() => null));
    const fromAccount = JSON.stringify(released.json());
    expect(fromAccount).not.toContain('"correct":true');
    expect(fromAccount).not.toContain('"correct":false');

    const scoreOnly = await assign({ review: 'score' });
    const bo = await startAs(scoreOnly.code, 'Bo');
    await answer(bo, [{ question_id: 'q1', value: 'a' }]);
    await finish(bo);
    const bare = (await results(bo)).json().data;
    expect(bare).toMatchObject({ score: 1, review: 'score' });
    expect(bare.blocks.flatMap((b: { questions: unknown[] }) => b.questions)).toEqual([]);
    expect(bare.blocks.map((b: { score: unknown }) => b.score)).toEqual(bare.blocks.map(() => null));
  });

  it('keeps an unreleased assigned attempt out of the student’s passed tests until the assignment closes', async () => {
    const made = await assign({ release: 'after_close', access: 'students' });
    const started = await call('student', {
      method: 'POST',
      url: `/v1/public/assignments/${made.code}/start`,
      payload: {},
    });
    const taker = started.json().data as Taker;
    await finish(taker);
    const passed = async () =>
      (await call('student', { url: '/v1/profile/completed-tests' })).json().data.map((r: { uuid: string }) => r.uuid);
    expect(await passed()).not.toContain(taker.uuid);
    await tutorCall(`${made.id}/close`, { method: 'POST', payload: {} });
    expect(await passed()).toContain(taker.uuid);
    // The tutor's table tells a signed-in taker from one who typed a name.
    const [row] = (await tutorCall(`${made.id}/results`)).json().data.attempts;
    expect(row).toMatchObject({ session: taker.uuid, signed_in: true });
  });

  it('lists a signed-in student’s assignments: the ones they joined and took, scores only once released', async () => {
    const lobby = await assign({ start: 'signal', access: 'students' });
    const later = await assign({ release: 'after_close', access: 'students' });
    const waiting = call('student', {
      method: 'POST',
      url: `/v1/public/assignments/${lobby.code}/lobby`,
      payload: { waiter: '5a5a5a5a-0000-4000-8000-0000000000aa' },
    });
    const taken = (
      await call('student', { method: 'POST', url: `/v1/public/assignments/${later.code}/start`, payload: {} })
    ).json().data as Taker;
    await answer(taken, [{ question_id: 'q1', value: 'a' }]);
    await finish(taken);
    const mine = async () => {
      const res = await call('student', { url: '/v1/profile/assignments', language: 'uk' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        code: string;
        title: string;
        state: string;
        released: boolean;
        attempts: { session: string; status: string; score: number | null }[];
      }[];
    };
    // The lobby request is held until the signal: listed once it has arrived.
    await expect.poll(async () => (await mine()).map((a) => a.code)).toContain(lobby.code);
    const listed = await mine();
    expect(listed.find((a) => a.code === lobby.code)).toMatchObject({ state: 'lobby', title: 'Дроби', attempts: [] });
    expect(listed.find((a) => a.code === later.code)).toMatchObject({
      state: 'open',
      released: false,
      attempts: [{ session: taken.uuid, status: 'finished', score: null }],
    });
    await tutorCall(`${later.id}/close`, { method: 'POST', payload: {} });
    expect((await mine()).find((a) => a.code === later.code)).toMatchObject({
      state: 'closed',
      released: true,
      attempts: [{ score: 1 }],
    });
    // Nobody else's attempts: another tutor's list is empty.
    expect((await call('otherTutor', { url: '/v1/profile/assignments' })).json().data).toEqual([]);
    await tutorCall(`${lobby.id}/start`, { method: 'POST', payload: {} });
    await waiting;
  });

  it('re-scores every finished attempt on a corrected key, recording the old and the new scores', async () => {
    const tutorId = callers.users.tutor.id;
    const own = await t.app.tutorTests.create(tutorId, 'en', completeDraft());
    await t.app.tutorTests.publish(tutorId, own.id);
    const res = await call('tutor', {
      method: 'POST',
      url: '/v1/tutor/assignments',
      payload: { test_id: own.id, rules: PLAINEST_RULES },
    });
    const made = res.json().data as { id: string; code: string };
    const ann = await startAs(made.code, 'Ann');
    const bo = await startAs(made.code, 'Bo');
    await answer(ann, [{ question_id: 'q1', value: 'b' }]);
    await answer(bo, [{ question_id: 'q1', value: 'a' }]);
    await finish(ann);
    await finish(bo);

    const before = await tableDigest(t.database.db);
    const nothing = await tutorCall(`${made.id}/rescore`, { method: 'POST', payload: {} });
    expect(nothing.statusCode).toBe(409);
    expect(await tableDigest(t.database.db)).toEqual(before);

    // The key was wrong: 'b' (2) is what the tutor meant. Corrected and published again.
    const corrected = completeDraft();
    const q1 = corrected.blocks[0]?.questions[0];
    if (q1?.type !== 'single') throw new Error('fixture changed');
    q1.correct_option = 'b';
    const current = await t.app.tutorTests.get(tutorId, own.id);
    await t.app.tutorTests.save(tutorId, own.id, current.revision, corrected);
    await t.app.tutorTests.publish(tutorId, own.id);

    expect((await tutorCall(`${made.id}/rescore`, { method: 'POST', payload: {}, who: 'otherTutor' })).statusCode).toBe(
      404,
    );
    const done = await tutorCall(`${made.id}/rescore`, { method: 'POST', payload: {} });
    expect(done.statusCode, done.body).toBe(200);
    const report = done.json().data;
    expect(report.attempts).toBe(2);
    expect(
      report.changed.map((c: { name: string; old_score: number; new_score: number }) => [
        c.name,
        c.old_score,
        c.new_score,
      ]),
    ).toEqual([
      ['Ann', 0, 1],
      ['Bo', 1, 0],
    ]);
    const table = (await tutorCall(`${made.id}/results`)).json().data.attempts;
    expect(table.map((a: { name: string; score: number }) => [a.name, a.score])).toEqual([
      ['Ann', 1],
      ['Bo', 0],
    ]);
    expect((await results(ann)).json().data.blocks[0].questions[0]).toMatchObject({ correct_answer: 'b', score: 1 });
    const [change] = (await tutorCall(`${made.id}/changes`)).json().data;
    expect(change.kind).toBe('rescore');
    expect(JSON.parse(change.detail)).toMatchObject({ attempts: 2, version: report.version });
    // A second re-scoring has nothing newer to score on.
    expect((await tutorCall(`${made.id}/rescore`, { method: 'POST', payload: {} })).statusCode).toBe(409);
  });

  it('exports every answer of every attempt as CSV with a BOM and headers in the tutor’s language', async () => {
    const made = await assign();
    const ann = await startAs(made.code, '=Ann');
    await answer(ann, [
      { question_id: 'q1', value: 'a' },
      { question_id: 'q2', value: ['a', 'c'] },
      { question_id: 'q3', value: 'Half, "exactly"' },
    ]);
    await finish(ann);
    const res = await call('tutor', { url: `/v1/tutor/assignments/${made.id}/answers.csv`, language: 'uk' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Ім’я,Питання,Текст питання,Відповідь,Правильно,Бали за питання,З можливих,Відповідь дано (UTC),"Надійшла із запізненням, секунд"',
    );
    expect(lines).toHaveLength(1 + 4 + 1);
    expect(lines[1]).toMatch(/^'=Ann,1,Половина від 8\?,4,так,1,1,\d{4}-/);
    expect(lines[2]).toMatch(/^'=Ann,2,Які дорівнюють .*,"2\/4; 1\/3",ні,0,2,/);
    expect(lines[3]).toContain(',"Half, ""exactly""",ні,0,1,');
    expect(lines[4]).toBe("'=Ann,4,Чверть від 10?,,,0,1,,");
    // A formula after a leading space is neutralised too: a spreadsheet would run it.
    const bo = await startAs(made.code, ' @Bo');
    await answer(bo, [{ question_id: 'q3', value: ' =HYPERLINK("http://x.example","y")' }]);
    await finish(bo);
    const again = await call('tutor', { url: `/v1/tutor/assignments/${made.id}/answers.csv`, language: 'uk' });
    const boLine = again.body.split('\r\n').find((line) => line.includes('HYPERLINK'));
    expect(boLine).toMatch(/^'@Bo,3,.*,"' =HYPERLINK\(""http:\/\/x\.example"",""y""\)",ні,/);
    expect((await call('otherTutor', { url: `/v1/tutor/assignments/${made.id}/answers.csv` })).statusCode).toBe(404);
    expect((await call('student', { url: `/v1/tutor/assignments/${made.id}/answers.csv` })).statusCode).toBe(403);
  });
});
