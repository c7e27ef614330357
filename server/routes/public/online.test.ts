import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { assert } from 'superstruct';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OnlineSession, Results, StartedSession, TakerBlock } from '../../../contract/index.ts';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

async function start(lesson = 'fixture-sums', body: unknown = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/public/lessons/${lesson}/start`,
    payload: body as object,
  });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data;
  assert(data, StartedSession);
  return data;
}

function answer(s: { uuid: string; api_token: string }, question_id: string, value: unknown, extra: object = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/public/lessons/online/${s.uuid}/answer?api_token=${s.api_token}`,
    payload: { answer_id: randomUUID(), question_id, value, answered_at: t.clock.value, ...extra },
  });
}

const finish = (s: { uuid: string; api_token: string }, body: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/public/lessons/online/${s.uuid}/finish`,
    payload: { api_token: s.api_token, ...body },
  });
const results = (s: { uuid: string; api_token: string }) =>
  t.app.inject({ url: `/v1/public/lessons/online/${s.uuid}/results?api_token=${s.api_token}` });

describe(`online sessions on ${dialectName}`, () => {
  it('starts a session with a server-set deadline and a token stored only as a hash', async () => {
    const s = await start();
    expect(s.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.api_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(s.started_at).toBe(t.clock.value);
    expect(s.deadline).toBe(t.clock.value + 600_000);
    expect(s.server_now).toBe(t.clock.value);
    expect(s.role).toBe('student');
    expect(s.blocks).toEqual([
      { id: 'first', title: 'First block', question_count: 2 },
      { id: 'second', title: 'Second block', question_count: 2 },
    ]);
    const row = await t.database.db.selectFrom('online_sessions').selectAll().executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(s.api_token);
    expect(JSON.stringify(row)).not.toContain(s.api_token);
  });

  it('starts by numeric id too, takes the role asked for, and refuses bad starts', async () => {
    const list = await t.app.inject({ url: '/v1/public/lessons/fixture-sums' });
    const id = list.json().data.id;
    expect((await start(String(id), { role: 'tutor' })).role).toBe('tutor');
    const before = await tableDigest(t.database.db);
    const cases = [
      { url: '/v1/public/lessons/no-such-lesson/start', payload: {}, status: 404 },
      { url: '/v1/public/lessons/fixture-draft/start', payload: {}, status: 404 },
      { url: '/v1/public/lessons/999999/start', payload: {}, status: 404 },
      { url: '/v1/public/lessons/Bad%20Slug/start', payload: {}, status: 422 },
      { url: '/v1/public/lessons/fixture-sums/start', payload: { role: 'admin' }, status: 422 },
      { url: '/v1/public/lessons/fixture-sums/start', payload: { extra: 1 }, status: 422 },
      { url: '/v1/public/lessons/fixture-sums/start?x=1', payload: {}, status: 422 },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: c.url, payload: c.payload });
      expect(res.statusCode, `${c.url} ${JSON.stringify(c.payload)}`).toBe(c.status);
      expect(typeof res.json().message).toBe('string');
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/v1/public/lessons/fixture-sums/start',
      headers: { 'content-type': 'application/json' },
      payload: '{"role": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'The request body is not valid JSON' });
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('answers 401 alike for a wrong token, a missing token and a session that does not exist', async () => {
    const s = await start();
    const other = await start();
    const wrong = await t.app.inject({ url: `/v1/public/lessons/online/${s.uuid}?api_token=${other.api_token}` });
    const none = await t.app.inject({ url: `/v1/public/lessons/online/${randomUUID()}?api_token=${s.api_token}` });
    const missing = await t.app.inject({ url: `/v1/public/lessons/online/${s.uuid}` });
    expect(wrong.statusCode).toBe(401);
    expect(none.statusCode).toBe(401);
    expect(missing.statusCode).toBe(401);
    expect(wrong.json()).toEqual(none.json());
    const malformed = await t.app.inject({ url: `/v1/public/lessons/online/not-a-uuid?api_token=${s.api_token}` });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.uuid).toBeDefined();
    const badAnswer = await answer({ uuid: s.uuid, api_token: other.api_token }, 'q1', 'b');
    expect(badAnswer.statusCode).toBe(401);
    expect(await t.database.db.selectFrom('answers').selectAll().execute()).toEqual([]);
  });

  it('serves blocks without correct answers, in the language asked for', async () => {
    const s = await start();
    const res = await t.app.inject({
      url: `/v1/public/lessons/online/${s.uuid}/blocks/first?api_token=${s.api_token}`,
      headers: { 'application-language': 'uk' },
    });
    expect(res.statusCode).toBe(200);
    const block = res.json().data;
    assert(block, TakerBlock);
    expect(block.title).toBe('First block (uk)');
    expect(block.questions.map((q) => q.id)).toEqual(['q1', 'q2']);
    expect(block.questions[0]).toEqual({
      id: 'q1',
      type: 'single',
      text: '2 + 2 = ? (uk)',
      points: 1,
      options: [
        { id: 'a', text: '3 (uk)' },
        { id: 'b', text: '4 (uk)' },
        { id: 'c', text: '5 (uk)' },
      ],
    });
    const second = await t.app.inject({
      url: `/v1/public/lessons/online/${s.uuid}/blocks/second?api_token=${s.api_token}`,
    });
    expect(second.body).not.toMatch(/correct|accepted|tolerance|addition|2\.75|explanation/);
    const unknown = await t.app.inject({
      url: `/v1/public/lessons/online/${s.uuid}/blocks/third?api_token=${s.api_token}`,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('stores an answer once: a repeat of its answer_id is harmless', async () => {
    const s = await start();
    const answer_id = randomUUID();
    const first = await answer(s, 'q1', 'b', { answer_id });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ answer_id, question_id: 'q1', duplicate: false });
    const again = await answer(s, 'q1', 'b', { answer_id });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.duplicate).toBe(true);
    const reused = await answer(s, 'q2', ['a'], { answer_id });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().errors.answer_id).toBeDefined();
    const rows = await t.database.db.selectFrom('answers').selectAll().execute();
    expect(rows).toHaveLength(1);
    const state = await t.app.inject({ url: `/v1/public/lessons/online/${s.uuid}?api_token=${s.api_token}` });
    const data = state.json().data;
    assert(data, OnlineSession);
    expect(data.answered).toEqual(['q1']);
    expect(data.answers).toEqual([{ question_id: 'q1', value: 'b', answered_at: t.clock.value }]);
  });

  it('takes the token from the body as well as the query', async () => {
    const s = await start();
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/public/lessons/online/${s.uuid}/answer`,
      payload: {
        answer_id: randomUUID(),
        question_id: 'q1',
        value: 'a',
        answered_at: t.clock.value,
        api_token: s.api_token,
      },
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses answers of the wrong shape with field errors and stores nothing', async () => {
    const s = await start();
    const before = await tableDigest(t.database.db);
    const bad: [string, unknown, string][] = [
      ['q1', ['b'], 'value'],
      ['q1', 'z', 'value'],
      ['q2', 'a', 'value'],
      ['q2', ['a', 'a'], 'value'],
      ['q2', ['a', 'x'], 'value'],
      ['q3', 42, 'value'],
      ['q4', '2.75', 'value'],
      ['q9', 'a', 'question_id'],
      ['q1', { a: 1 }, 'value'],
      ['q1', null, 'value'],
      ['q1', 'x'.repeat(1001), 'value'],
    ];
    for (const [question, value, field] of bad) {
      const res = await answer(s, question, value);
      expect(res.statusCode, `${question} ${JSON.stringify(value)}`).toBe(422);
      expect(res.json().errors[field], `${question} ${JSON.stringify(value)}`).toBeDefined();
    }
    const shapes: Record<string, unknown>[] = [
      {},
      { answer_id: 'nope', question_id: 'q1', value: 'a', answered_at: 1 },
      { answer_id: randomUUID(), question_id: 'q1', value: 'a' },
      { answer_id: randomUUID(), question_id: 'q1', value: 'a', answered_at: -5 },
      { answer_id: randomUUID(), question_id: 'q1', value: 'a', answered_at: 1.5 },
      { answer_id: randomUUID(), question_id: 'q1', value: 'a', answered_at: 1, unexpected: true },
    ];
    for (const payload of shapes) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/public/lessons/online/${s.uuid}/answer?api_token=${s.api_token}`,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().message).toBe('The answer is not valid');
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/v1/public/lessons/online/${s.uuid}/answer?api_token=${s.api_token}`,
      headers: { 'content-type': 'text/plain' },
      payload: 'b',
    });
    expect(notJson.statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: `/v1/public/lessons/online/${s.uuid}/answer?api_token=${s.api_token}`,
      payload: { answer_id: randomUUID(), question_id: 'q3', value: 'x'.repeat(400_000), answered_at: 1 },
    });
    expect(huge.statusCode).toBe(413);
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('scores every type, the last answer to a question counting', async () => {
    const s = await start();
    expect((await answer(s, 'q1', 'a')).statusCode).toBe(201);
    t.clock.advance(1000);
    expect((await answer(s, 'q1', 'b')).statusCode).toBe(201); // supersedes the wrong one
    expect((await answer(s, 'q2', ['c', 'a'])).statusCode).toBe(201);
    expect((await answer(s, 'q3', '  ADDITION ')).statusCode).toBe(201);
    expect((await answer(s, 'q4', 2.7)).statusCode).toBe(201); // outside the tolerance
    const done = await finish(s);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'finished', finish_reason: 'manual', finished_at: t.clock.value });
    const res = await results(s);
    expect(res.statusCode).toBe(200);
    const r = res.json().data;
    assert(r, Results);
    expect(r.score).toBe(4);
    expect(r.max_score).toBe(7);
    expect(r.percent).toBe(57.1);
    expect(r.blocks.map((b) => [b.id, b.score, b.max_score])).toEqual([
      ['first', 3, 3],
      ['second', 1, 4],
    ]);
    const q = Object.fromEntries(r.blocks.flatMap((b) => b.questions).map((x) => [x.id, x]));
    expect(q.q1).toMatchObject({
      correct: true,
      given: 'b',
      correct_answer: 'b',
      score: 1,
      explanation: 'Two and two make four.',
    });
    expect(q.q2).toMatchObject({
      correct: true,
      given: ['c', 'a'],
      correct_answer: ['a', 'c'],
      score: 2,
      explanation: null,
    });
    expect(q.q3).toMatchObject({ correct: true, correct_answer: 'addition' });
    expect(q.q4).toMatchObject({ correct: false, given: 2.7, correct_answer: 2.75, score: 0 });
  });

  it('scores answers in any language, and an unanswered question as wrong', async () => {
    const s = await start();
    await answer(s, 'q3', 'Dodawanie');
    await answer(s, 'q4', 2.755);
    await finish(s);
    const r = (await results(s)).json().data;
    expect(r.score).toBe(4);
    const q1 = r.blocks[0].questions[0];
    expect(q1).toMatchObject({ answered: false, given: null, correct: false, score: 0 });
  });

  it('finishes once: a second finish answers the same, later answers are refused', async () => {
    const s = await start();
    await answer(s, 'q1', 'b');
    const first = (await finish(s)).json().data;
    t.clock.advance(5000);
    const second = await finish(s, { reason: 'timeout' });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.finished_at).toBe(first.finished_at);
    expect(second.json().data.finish_reason).toBe('manual');
    const late = await answer(s, 'q2', ['a', 'c']);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/finished/);
    expect((await results(s)).json().data.score).toBe(1);
  });

  it('gives results only once finished', async () => {
    const s = await start();
    const res = await results(s);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/finished/);
  });

  it('accepts answers within the grace period and refuses them after', async () => {
    const s = await start();
    t.clock.advance(600_000 + 30_000); // past the deadline, within the 60 s grace
    expect((await answer(s, 'q1', 'b')).statusCode).toBe(201);
    t.clock.advance(31_000);
    const late = await answer(s, 'q2', ['a', 'c']);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/[Tt]ime is up|finished/);
    expect(await t.database.db.selectFrom('answers').select('question_id').execute()).toEqual([{ question_id: 'q1' }]);
  });

  it('closes a session on its own after deadline and offline grace, with the score of what arrived', async () => {
    const s = await start();
    await answer(s, 'q4', 2.75);
    t.clock.advance(600_000 + 61_000);
    // Past the answer grace it still waits: an offline device may bring answers made in time.
    expect(await t.app.sessions.sweep()).toBe(0);
    t.clock.advance(86_400_000);
    expect(await t.app.sessions.sweep()).toBe(1);
    const row = await t.database.db.selectFrom('online_sessions').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'finished', finish_reason: 'expired', score: 3 });
    expect(await t.app.sessions.sweep()).toBe(0);
    const r = (await results(s)).json().data;
    expect(r).toMatchObject({ score: 3, finish_reason: 'expired' });
  });

  it('closes an expired session when it is next read, even before the sweeper runs', async () => {
    const s = await start();
    await answer(s, 'q1', 'b');
    t.clock.advance(600_000 + 86_400_001);
    const state = (await t.app.inject({ url: `/v1/public/lessons/online/${s.uuid}?api_token=${s.api_token}` })).json()
      .data;
    expect(state.status).toBe('finished');
    expect((await results(s)).json().data.score).toBe(1);
  });

  it('keeps a running session on the lesson version it started with', async () => {
    const s = await start();
    await t.database.db
      .updateTable('lesson_versions')
      .set({ content: '{"blocks":[]}' })
      .where('id', '!=', -1)
      .execute();
    // The version cache already holds the parsed version, as it would in production after a re-import.
    const block = await t.app.inject({
      url: `/v1/public/lessons/online/${s.uuid}/blocks/first?api_token=${s.api_token}`,
    });
    expect(block.statusCode).toBe(200);
  });

  it("shows a lesson's new title in a running session within ten seconds of its change", async () => {
    const s = await start();
    const state = () =>
      t.app.inject({ url: `/v1/public/lessons/online/${s.uuid}?api_token=${s.api_token}` }).then((r) => r.json().data);
    const title = (await state()).lesson.title;
    const lesson = await t.database.db
      .selectFrom('lessons')
      .select(['id', 'texts'])
      .where('slug', '=', 'fixture-sums')
      .executeTakeFirstOrThrow();
    const texts = JSON.parse(lesson.texts);
    texts.title.en = 'Sums, renamed';
    await t.database.db
      .updateTable('lessons')
      .set({ texts: JSON.stringify(texts) })
      .where('id', '=', lesson.id)
      .execute();
    t.clock.advance(9_000);
    expect((await state()).lesson.title).toBe(title);
    t.clock.advance(1_000);
    expect((await state()).lesson.title).toBe('Sums, renamed');
  });
});

describe(`answers made offline on ${dialectName}`, () => {
  it('takes answers made before the deadline that arrive after it, marked with their delay', async () => {
    const s = await start();
    const madeAt = t.clock.value + 590_000; // ten seconds before the deadline, on a device that was offline
    t.clock.advance(600_000 + 3_600_000); // an hour after the deadline the device is back
    const late = await answer(s, 'q1', 'b', { answered_at: madeAt });
    expect(late.statusCode).toBe(201);
    const after = await answer(s, 'q2', ['a', 'c'], { answered_at: t.clock.value - 1000 });
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toMatch(/made after the deadline/);
    const done = await finish(s, { reason: 'timeout' });
    expect(done.json().data.finish_reason).toBe('timeout');
    const r = (await results(s)).json().data;
    expect(r.score).toBe(1);
    const q = r.blocks[0].questions;
    expect(q[0]).toMatchObject({ id: 'q1', correct: true, late_ms: 3_600_000 });
    expect(q[1]).toMatchObject({ id: 'q2', answered: false, late_ms: null });
  });

  it('refuses offline answers once the offline grace is over, and answer times in the future', async () => {
    const s = await start();
    const madeAt = t.clock.value + 1000;
    expect((await answer(s, 'q1', 'b', { answered_at: t.clock.value + 10 * 60_000 })).statusCode).toBe(422);
    t.clock.advance(600_000 + 86_400_001);
    const late = await answer(s, 'q1', 'b', { answered_at: madeAt });
    expect(late.statusCode).toBe(409);
    expect(await t.database.db.selectFrom('answers').select('id').execute()).toEqual([]);
  });

  it('marks nothing late within the ordinary answer grace', async () => {
    const s = await start();
    t.clock.advance(600_000 + 30_000);
    expect((await answer(s, 'q1', 'b', { answered_at: t.clock.value - 40_000 })).statusCode).toBe(201);
    await finish(s);
    expect((await results(s)).json().data.blocks[0].questions[0].late_ms).toBeNull();
  });
});

describe(`the batch form of the answer call on ${dialectName}`, () => {
  const batch = (s: { uuid: string; api_token: string }, payload: unknown[]) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/public/lessons/online/${s.uuid}/answer?api_token=${s.api_token}`,
      payload: payload as object,
    });

  it('answers each item on its own in one request', async () => {
    const s = await start();
    const repeated = randomUUID();
    await answer(s, 'q1', 'a', { answer_id: repeated });
    const items = [
      { answer_id: randomUUID(), question_id: 'q2', value: ['a', 'c'], answered_at: t.clock.value },
      { answer_id: repeated, question_id: 'q1', value: 'a', answered_at: t.clock.value },
      { answer_id: randomUUID(), question_id: 'q3', value: 42, answered_at: t.clock.value },
      { answer_id: randomUUID(), question_id: 'q4', value: 2.75, answered_at: t.clock.value },
      { answer_id: 'not-a-uuid', question_id: 'q4', value: 1, answered_at: t.clock.value },
      'garbage',
    ];
    const res = await batch(s, items);
    expect(res.statusCode).toBe(200);
    const results = res.json().data.results as { answer_id: string | null; status: number; errors?: object }[];
    expect(results.map((r) => r.status)).toEqual([201, 200, 422, 201, 422, 422]);
    expect(results[2]?.errors).toHaveProperty('value');
    expect(results.map((r) => r.answer_id)).toEqual([
      (items[0] as { answer_id: string }).answer_id,
      repeated,
      (items[2] as { answer_id: string }).answer_id,
      (items[3] as { answer_id: string }).answer_id,
      'not-a-uuid',
      null,
    ]);
    expect(await t.database.db.selectFrom('answers').select('id').execute()).toHaveLength(3);
  });

  it('refuses an empty or oversized batch and a wrong token as a whole', async () => {
    const s = await start();
    expect((await batch(s, [])).statusCode).toBe(422);
    const many = Array.from({ length: 501 }, () => ({
      answer_id: randomUUID(),
      question_id: 'q1',
      value: 'a',
      answered_at: t.clock.value,
    }));
    expect((await batch(s, many)).statusCode).toBe(422);
    const wrong = await batch({ uuid: s.uuid, api_token: 'x'.repeat(43) }, many.slice(0, 2));
    expect(wrong.statusCode).toBe(401);
    expect(await t.database.db.selectFrom('answers').select('id').execute()).toEqual([]);
  });

  it('stores 100 answers queued offline in one request, each once', async () => {
    const s = await start();
    const questions = ['q1', 'q2', 'q3', 'q4'];
    const values: Record<string, unknown> = { q1: 'b', q2: ['a', 'c'], q3: 'addition', q4: 2.75 };
    const items = Array.from({ length: 100 }, (_, i) => {
      const q = questions[i % 4] as string;
      return { answer_id: randomUUID(), question_id: q, value: values[q], answered_at: t.clock.value + i };
    });
    const res = await batch(s, items);
    expect(res.json().data.results.every((r: { status: number }) => r.status === 201)).toBe(true);
    expect(await t.database.db.selectFrom('answers').select('id').execute()).toHaveLength(100);
    await finish(s);
    expect((await results(s)).json().data.score).toBe(7);
  });
});

describe(`answers arriving together on ${dialectName}`, () => {
  it('stores each of many concurrent answers once, repeats included', async () => {
    const sessions = await Promise.all([start(), start(), start()]);
    const ids = Array.from({ length: 60 }, () => randomUUID());
    const sends = ids.flatMap((answer_id, i) => {
      const s = sessions[i % 3] as { uuid: string; api_token: string };
      const one = () => answer(s, 'q3', `text ${i}`, { answer_id });
      return [one(), one()]; // every answer sent twice, in the same moment
    });
    const replies = await Promise.all(sends);
    expect(replies.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(60);
    const rows = await t.database.db.selectFrom('answers').select('id').execute();
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
  });

  it('refuses answers that race a finish, and stores none after it', async () => {
    const s = await start();
    const racing = Array.from({ length: 20 }, (_, i) => answer(s, 'q3', `answer ${i}`));
    const [done, ...replies] = await Promise.all([finish(s), ...racing]);
    expect(done?.statusCode).toBe(200);
    const stored = replies.filter((r) => r.statusCode === 201).length;
    expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(20 - stored);
    const rows = await t.database.db.selectFrom('answers').select('received_at').execute();
    expect(rows).toHaveLength(stored);
    // The score was fixed over exactly the answers that were stored before the finish.
    expect((await results(s)).statusCode).toBe(200);
  });

  it('counts in the score every answer stored while a finish raced it, on many sessions at once', async () => {
    // Every answer here is right, so one stored behind the finish's back would show in the results'
    // questions but not in the score the finish fixed.
    const right: [string, unknown][] = [
      ['q1', 'b'],
      ['q2', ['a', 'c']],
      ['q3', 'addition'],
      ['q4', 2.75],
    ];
    const sessions = await Promise.all(Array.from({ length: 24 }, () => start()));
    await Promise.all(
      sessions.flatMap((s, i) => {
        const answers = right.map(([question, value]) => answer(s, question, value));
        // The finish goes first, among or after the answers, by session.
        answers.splice(i % (right.length + 1), 0, finish(s));
        return answers;
      }),
    );
    for (const s of sessions) {
      const r = (await results(s)).json().data;
      assert(r, Results);
      const counted = r.blocks.reduce((sum, block) => sum + (block.score ?? Number.NaN), 0);
      expect(r.score, `session ${s.uuid}`).toBe(counted);
    }
  });

  it("refuses in the taker's language: time up, already finished, a wrong token, a bad answer, in a batch too", async () => {
    const s = await start();
    const say = (lang: string, options: InjectOptions) =>
      t.app.inject({ ...options, headers: { ...options.headers, 'application-language': lang } });
    const url = `/v1/public/lessons/online/${s.uuid}`;
    const item = (value: unknown, at = t.clock.value, question_id = 'q1') => ({
      answer_id: randomUUID(),
      question_id,
      value,
      answered_at: at,
    });
    const wrong = await say('ru', { url: `${url}?api_token=${'x'.repeat(43)}` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Такой сессии теста нет или api_token неверный');
    const bad = await say('uk', { method: 'POST', url: `${url}/answer?api_token=${s.api_token}`, payload: item('zz') });
    expect(bad.json()).toEqual({ message: 'Відповідь некоректна', errors: { value: ['Такого варіанта немає'] } });
    // An hour past the deadline, an answer made after it.
    t.clock.advance(600_000 + 3_600_000);
    const late = await say('pl', {
      method: 'POST',
      url: `${url}/answer?api_token=${s.api_token}`,
      payload: [item('b'), item('b', s.deadline - 1000, 'q2')],
    });
    const [tooLate, inTime] = late.json().data.results;
    expect(tooLate).toMatchObject({
      status: 409,
      message: 'Czas na ten test minął: odpowiedzi udzielone po terminie nie są przyjmowane',
    });
    // q2 is a multiple-choice question: a single id is the wrong shape, said in Polish too.
    expect(inTime).toMatchObject({ status: 422, errors: { value: ['Wyślij listę identyfikatorów odpowiedzi'] } });
    expect((await finish(s)).statusCode).toBe(200);
    const afterFinish = await say('uk', {
      method: 'POST',
      url: `${url}/answer?api_token=${s.api_token}`,
      payload: item('b', s.deadline - 1000),
    });
    expect(afterFinish.statusCode).toBe(409);
    expect(afterFinish.json().message).toBe('Цей тест уже завершено: відповідь не збережено');
    // English stays the fallback.
    const english = await say('xx', {
      method: 'POST',
      url: `${url}/answer?api_token=${s.api_token}`,
      payload: item('b'),
    });
    expect(english.json().message).toBe('This test is already finished: the answer was not saved');
  });
});
