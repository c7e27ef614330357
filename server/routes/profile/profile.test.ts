import { randomUUID } from 'node:crypto';
import { assert } from 'superstruct';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CompletedTestDetail, CompletedTestList, GroupedDetails } from '../../../contract/index.ts';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

async function account(email: string) {
  const user = await t.app.accounts.create({
    email,
    firstname: 'Taras',
    lastname: 'Shevchuk',
    password: 'kobzar-1814',
    role: 'student',
    locale: 'en',
    timezone: 'UTC',
  });
  const pair = await t.app.accounts.issueTokens(user);
  return { id: user.id, headers: { authorization: `Bearer ${pair.token}` } };
}

type Who = { headers: Record<string, string> } | null;

async function takeTest(who: Who, finish = true) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/public/lessons/fixture-sums/start',
    payload: {},
    headers: who?.headers ?? {},
  });
  expect(res.statusCode).toBe(201);
  const s = res.json().data as { uuid: string; api_token: string };
  const answer = (question_id: string, value: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/v1/public/lessons/online/${s.uuid}/answer?api_token=${s.api_token}`,
      payload: { answer_id: randomUUID(), question_id, value, answered_at: t.clock.value },
    });
  await answer('q1', 'b');
  await answer('q4', 1);
  if (finish) {
    await t.app.inject({ method: 'POST', url: `/v1/public/lessons/online/${s.uuid}/finish?api_token=${s.api_token}` });
  }
  return s;
}

const get = (url: string, who: Who) => t.app.inject({ url, headers: who?.headers ?? {} });
const link = (who: Who, payload: object) =>
  t.app.inject({ method: 'POST', url: '/v1/profile/link-test', payload, headers: who?.headers ?? {} });

describe(`profile on ${dialectName}`, () => {
  it('lists only the finished tests of the signed-in taker, started while signed in', async () => {
    const olena = await account('olena@example.com');
    const mine = await takeTest(olena);
    await takeTest(olena, false); // still running: not listed
    await takeTest(null); // anonymous: not anybody's
    const res = await get('/v1/profile/completed-tests', olena);
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    assert(list, CompletedTestList);
    expect(list.map((x) => [x.uuid, x.score, x.max_score, x.percent])).toEqual([[mine.uuid, 1, 7, 14.3]]);
    expect((await get('/v1/profile/completed-tests', null)).statusCode).toBe(401);
  });

  it('shows one test with block totals and a block in detail', async () => {
    const olena = await account('olena@example.com');
    const s = await takeTest(olena);
    const detail = await get(`/v1/profile/completed-tests/${s.uuid}`, olena);
    expect(detail.statusCode).toBe(200);
    const data = detail.json().data;
    assert(data, CompletedTestDetail);
    expect(data.blocks).toEqual([
      { id: 'first', title: 'First block', score: 1, max_score: 3, question_count: 2 },
      { id: 'second', title: 'Second block', score: 0, max_score: 4, question_count: 2 },
    ]);
    const block = await get(`/v1/profile/completed-tests/${s.uuid}/grouped-details?group_id=first`, olena);
    const details = block.json().data;
    assert(details, GroupedDetails);
    expect(details.questions.map((q) => [q.id, q.given, q.correct_answer, q.correct])).toEqual([
      ['q1', 'b', 'b', true],
      ['q2', null, ['a', 'c'], false],
    ]);
    expect((await get(`/v1/profile/completed-tests/${s.uuid}/grouped-details?group_id=nope`, olena)).statusCode).toBe(
      404,
    );
    expect((await get(`/v1/profile/completed-tests/${s.uuid}/grouped-details`, olena)).statusCode).toBe(422);
    expect((await get('/v1/profile/completed-tests/not-a-uuid', olena)).statusCode).toBe(422);
  });

  it("never shows one taker's results to another: 404, as for a test that does not exist", async () => {
    const olena = await account('olena@example.com');
    const petro = await account('petro@example.com');
    const s = await takeTest(olena);
    const theirs = await get(`/v1/profile/completed-tests/${s.uuid}`, petro);
    const none = await get(`/v1/profile/completed-tests/${randomUUID()}`, petro);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(none.json());
    expect((await get(`/v1/profile/completed-tests/${s.uuid}/grouped-details?group_id=first`, petro)).statusCode).toBe(
      404,
    );
    expect((await get('/v1/profile/completed-tests', petro)).json().data).toEqual([]);
  });

  it('links an anonymous result once, with its api_token as proof', async () => {
    const olena = await account('olena@example.com');
    const petro = await account('petro@example.com');
    const s = await takeTest(null);
    expect((await link(null, { item: s.uuid, api_token: s.api_token })).statusCode).toBe(401);
    expect((await link(olena, { item: s.uuid, api_token: 'wrong-token' })).statusCode).toBe(404);
    expect((await link(olena, { item: s.uuid })).statusCode).toBe(422);
    const first = await link(olena, { item: s.uuid, api_token: s.api_token });
    expect(first.statusCode).toBe(200);
    expect((await get('/v1/profile/completed-tests', olena)).json().data.map((x: { uuid: string }) => x.uuid)).toEqual([
      s.uuid,
    ]);
    expect((await link(olena, { item: s.uuid, api_token: s.api_token })).statusCode).toBe(409);
    const stolen = await link(petro, { item: s.uuid, api_token: s.api_token });
    expect(stolen.statusCode).toBe(404);
    const row = await t.database.db
      .selectFrom('online_sessions')
      .select('user_id')
      .where('uuid', '=', s.uuid)
      .executeTakeFirst();
    expect(row?.user_id).toBe(olena.id);
  });

  it('refuses a start with a bad token instead of starting anonymously', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/public/lessons/fixture-sums/start',
      payload: {},
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(res.statusCode).toBe(401);
    expect(await t.database.db.selectFrom('online_sessions').select('uuid').execute()).toEqual([]);
  });
});
