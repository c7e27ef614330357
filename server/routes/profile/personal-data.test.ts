/**
 * People's data through the API: the export of everything held about an account, the account's
 * deletion (its attempts kept without a name, or removed, as the operator set), a tutor's account
 * going with its tests, and — searched in every table — no row naming the person afterwards.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAINEST_RULES } from '../../../contract/assignments.ts';
import { EXPORTED_TABLES, NOT_EXPORTED } from '../../services/people/export-tables.ts';
import { signedInUser } from '../../test/accounts.ts';
import { rowsNaming, tableColumns } from '../../test/every-row.ts';
import { createTestApp, dialectName, tableDigest } from '../../test/helpers.ts';
import { oneBlockDraft } from '../../test/one-block-draft.ts';
import { type Taker, takerCalls } from '../../test/taker-calls.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';

const en = (text: string) => ({ en: text });

const draft = (correct = 'b') =>
  oneBlockDraft('Rivers', [
    {
      id: 'q1',
      type: 'single',
      points: 1,
      text: en('Kyiv lies on?'),
      options: [
        { id: 'a', text: en('Dnipro') },
        { id: 'b', text: en('Vistula') },
      ],
      correct_option: correct,
    },
    { id: 'e1', type: 'essay', points: 5, text: en('Describe Kyiv'), min_words: null, max_words: null },
  ]);

/** The person deleted: a name and address found nowhere else in the database. */
const PERSON = { email: 'mariia.zh@example.com', firstname: 'Mariia', lastname: 'Zhuravska' };

async function world(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  const callers = await tutorCallers(t.app);
  const call: Callers['call'] = (who, options) => callers.call(who, options);
  const calls = takerCalls(call, () => t.clock.value);
  const person = await signedInUser(t.app, { ...PERSON, role: 'student', emailVerified: true });
  const asPerson = (options: InjectOptions) =>
    t.app.inject({ ...options, headers: { authorization: `Bearer ${person.token}` } });
  const test = await t.app.tutorTests.create(callers.users.tutor.id, 'en', draft());
  await t.app.tutorTests.publish(callers.users.tutor.id, test.id);
  return { t, callers, call, calls, person, asPerson, testId: test.id };
}

type World = Awaited<ReturnType<typeof world>>;

/** The person takes the assignment signed in, answers, finishes; the tutor marks the essay with a comment. */
async function takenByPerson(w: World) {
  const made = await w.calls.assign(w.testId);
  const started = await w.asPerson({ method: 'POST', url: `/v1/public/assignments/${made.code}/start`, payload: {} });
  expect(started.statusCode, started.body).toBe(201);
  const taker = started.json().data as Taker;
  // A message to everyone while the attempt runs, shown by the device (said so with a heartbeat).
  const toAll = await w.call('tutor', {
    method: 'POST',
    url: `/v1/tutor/assignments/${made.id}/messages`,
    payload: { text: 'Ten minutes left.' },
  });
  expect(toAll.statusCode, toAll.body).toBe(201);
  const beat = await w.call(null, {
    method: 'POST',
    url: `/v1/public/lessons/online/${taker.uuid}/heartbeat`,
    payload: { api_token: taker.api_token, unsent: 0, seen: [toAll.json().data.id] },
  });
  expect(beat.statusCode, beat.body).toBe(200);
  await w.calls.answer(taker, [
    { question_id: 'q1', value: 'a' },
    { question_id: 'e1', value: 'A city on a river with many bridges.' },
  ]);
  expect((await w.calls.finish(taker)).statusCode).toBe(200);
  const marked = await w.call('tutor', {
    method: 'PUT',
    url: `/v1/tutor/assignments/${made.id}/marks/${taker.uuid}/e1`,
    payload: { points: 4, comment: 'Well done, Mariia Zhuravska' },
  });
  expect(marked.statusCode, marked.body).toBe(200);
  // A message from the exam room to this taker alone, by name.
  const told = await w.call('tutor', {
    method: 'POST',
    url: `/v1/tutor/assignments/${made.id}/messages`,
    payload: { text: 'Mariia, your essay is marked.', session: taker.uuid },
  });
  expect(told.statusCode, told.body).toBe(201);
  return { made, taker };
}

const NEEDLES = (w: World) => [PERSON.email, PERSON.firstname, PERSON.lastname, w.person.user.id];

describe(`people's data on ${dialectName}`, () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  }, 60_000);
  afterAll(async () => {
    await w?.t.close();
  });

  it('exports everything held about the account, with no secret in it', async () => {
    const { taker } = await takenByPerson(w);
    await w.call('tutor', {
      method: 'PUT',
      url: '/v1/tutor/accommodations',
      payload: { email: PERSON.email, accommodation: { time: 'multiplier', multiplier: 1.5, read_aloud: true } },
    });
    const res = await w.asPerson({ url: '/v1/profile/data' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.account).toMatchObject({
      email: PERSON.email,
      firstname: 'Mariia',
      has_password: true,
      role: 'student',
    });
    expect(data.attempts).toHaveLength(1);
    expect(data.attempts[0]).toMatchObject({
      uuid: taker.uuid,
      lesson: 'Rivers',
      name: 'Mariia Zhuravska',
      status: 'finished',
      marks: [{ question_id: 'e1', points: 4, comment: 'Well done, Mariia Zhuravska' }],
    });
    expect(
      data.attempts[0].answers.map((a: { question_id: string; value: unknown }) => [a.question_id, a.value]),
    ).toEqual([
      ['q1', 'a'],
      ['e1', 'A city on a river with many bridges.'],
    ]);
    expect(data.accommodations).toEqual([
      {
        tutor: 'Olena Koval',
        detail: { time: 'multiplier', multiplier: 1.5, read_aloud: true },
        updated_at: w.t.clock.value,
      },
    ]);
    expect(data.sign_ins).toEqual([{ started_at: w.t.clock.value, last_used_at: w.t.clock.value, active: true }]);
    // The exam room's messages written to the attempt, with when its device showed them.
    // (Sent at the same time here: in any order.)
    const byText = (a: { text: string }, b: { text: string }) => a.text.localeCompare(b.text);
    expect([...data.attempts[0].messages].sort(byText)).toEqual([
      { text: 'Mariia, your essay is marked.', at: w.t.clock.value, to_all: false, shown_at: null },
      { text: 'Ten minutes left.', at: w.t.clock.value, to_all: true, shown_at: w.t.clock.value },
    ]);
    expect(
      data.attempts[0].changes.map((c: { kind: string; detail: { after?: unknown } }) => [c.kind, c.detail.after]),
    ).toEqual([['mark', { points: 4, comment: 'Well done, Mariia Zhuravska' }]]);
    // Its receipt: the one the attempt's own read gives.
    const receipt = await w.call(null, {
      url: `/v1/public/lessons/online/${taker.uuid}/receipt?api_token=${taker.api_token}`,
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(data.attempts[0].receipt).toEqual(receipt.json().data);
    expect(data.attempts[0].receipt.receipt.attempt).toBe(taker.uuid);
    expect(data.lobby_places).toEqual([]);
    // No secret: not the password's hash, not a token, not the attempt's api_token.
    expect(res.body).not.toMatch(/scrypt\$|password_hash|token_hash/);
    expect(res.body).not.toContain(w.person.token);
    expect(res.body).not.toContain(taker.api_token);
    // Only one's own: another account reads its own (empty) data.
    const other = (await w.call('student', { url: '/v1/profile/data' })).json().data;
    expect(other.attempts).toEqual([]);
    expect((await w.call(null, { url: '/v1/profile/data' })).statusCode).toBe(401);
  });

  it('exports a place waiting in a lobby while it waits', async () => {
    const made = await w.calls.assign(w.testId, { start: 'signal' });
    const waiter = '5a5a5a5a-0000-4000-8000-0000000000d1';
    const held = w.asPerson({ method: 'POST', url: `/v1/public/assignments/${made.code}/lobby`, payload: { waiter } });
    let places: { assignment_code: string; name: string; arrived_at: number }[] = [];
    for (let i = 0; i < 50 && places.length === 0; i++) {
      places = (await w.asPerson({ url: '/v1/profile/data' })).json().data.lobby_places;
      if (places.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(places).toEqual([{ assignment_code: made.code, name: 'Mariia Zhuravska', arrived_at: w.t.clock.value }]);
    expect(
      (await w.call('tutor', { method: 'POST', url: `/v1/tutor/assignments/${made.id}/start`, payload: {} }))
        .statusCode,
    ).toBe(200);
    expect((await held).statusCode).toBe(200);
  });

  it('exports every table holding a person’s or an attempt’s data, or says why not, here and in docs/privacy.md', async () => {
    // A column that names a person (an account, an address, who did something) or an attempt.
    const PERSONAL_COLUMN = /(^|_)(user|account|email|attempt|session|owner|by)(_|$)/;
    const columns = await tableColumns(w.t.database);
    const personal = [...columns]
      .filter(
        ([table, names]) => ['users', 'online_sessions'].includes(table) || names.some((c) => PERSONAL_COLUMN.test(c)),
      )
      .map(([table]) => table);
    const listed: Record<string, string> = { ...EXPORTED_TABLES, ...NOT_EXPORTED };
    expect(personal.filter((table) => !(table in listed))).toEqual([]);
    // Neither list names a table that is gone or holds nobody's data.
    expect(Object.keys(listed).filter((table) => !personal.includes(table))).toEqual([]);
    const privacy = readFileSync(join(import.meta.dirname, '../../../docs/privacy.md'), 'utf8');
    expect(personal.filter((table) => !privacy.includes(`\`${table}\``))).toEqual([]);
    const notExported = privacy.slice(privacy.indexOf('## Not in the export'));
    expect(Object.keys(NOT_EXPORTED).filter((table) => !notExported.includes(`\`${table}\``))).toEqual([]);
  });

  it('deletes the account only with its own address, then keeps its attempts with nothing naming the person', async () => {
    const { made, taker } = await takenByPerson(w);
    // A corrected key and a re-score: its log lists the changed attempts by name.
    const current = await w.t.app.tutorTests.get(w.callers.users.tutor.id, w.testId);
    await w.t.app.tutorTests.save(w.callers.users.tutor.id, w.testId, current.revision, draft('a'));
    await w.t.app.tutorTests.publish(w.callers.users.tutor.id, w.testId);
    expect(
      (await w.call('tutor', { method: 'POST', url: `/v1/tutor/assignments/${made.id}/rescore`, payload: {} }))
        .statusCode,
    ).toBe(200);
    expect(await rowsNaming(w.t.database, [PERSON.lastname])).not.toHaveLength(0);

    const before = await tableDigest(w.t.database.db);
    const wrong = await w.asPerson({
      method: 'POST',
      url: '/v1/profile/delete-account',
      payload: { email: 'olena@example.com' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.email).toEqual(['Type this account’s own e-mail address to delete it']);
    expect(await tableDigest(w.t.database.db)).toEqual(before);

    const res = await w.asPerson({
      method: 'POST',
      url: '/v1/profile/delete-account',
      payload: { email: '  Mariia.ZH@example.com ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ ok: true, attempts: 'anonymised', count: 2 });
    expect(await rowsNaming(w.t.database, NEEDLES(w))).toEqual([]);
    // The tutor's results and statistics keep the attempt, its score and its answers, without a name.
    const table = (await w.call('tutor', { url: `/v1/tutor/assignments/${made.id}/results` })).json().data.attempts;
    expect(table).toMatchObject([{ session: taker.uuid, name: '', signed_in: false, score: 5, status: 'finished' }]);
    const analysis = (await w.call('tutor', { url: `/v1/tutor/assignments/${made.id}/analysis` })).json().data;
    expect(analysis.attempts).toBe(1);
    // The account is gone: its token opens nothing.
    expect((await w.asPerson({ url: '/v1/profile/data' })).statusCode).toBe(401);
  });
});

describe(`people's data on ${dialectName}, with DELETED_ACCOUNT_ATTEMPTS=remove`, () => {
  let w: World;
  beforeAll(async () => {
    w = await world({ DELETED_ACCOUNT_ATTEMPTS: 'remove' });
  }, 60_000);
  afterAll(async () => {
    await w?.t.close();
  });

  it('removes the account’s attempts with it, answers and marks included', async () => {
    const { made, taker } = await takenByPerson(w);
    const res = await w.asPerson({
      method: 'POST',
      url: '/v1/profile/delete-account',
      payload: { email: PERSON.email },
    });
    expect(res.json().data).toEqual({ ok: true, attempts: 'removed', count: 1 });
    expect(await rowsNaming(w.t.database, [...NEEDLES(w), taker.uuid])).toEqual([]);
    const table = (await w.call('tutor', { url: `/v1/tutor/assignments/${made.id}/results` })).json().data.attempts;
    expect(table).toEqual([]);
  });

  it('takes a tutor’s tests and assignments with the tutor’s account', async () => {
    const tutor = await signedInUser(w.t.app, {
      email: 'taras.hn@example.com',
      firstname: 'Taras',
      lastname: 'Hnatiuk',
      role: 'tutor',
      emailVerified: true,
    });
    const test = await w.t.app.tutorTests.create(tutor.user.id, 'en', draft());
    await w.t.app.tutorTests.publish(tutor.user.id, test.id);
    const asTutor = (options: InjectOptions) =>
      w.t.app.inject({ ...options, headers: { authorization: `Bearer ${tutor.token}` } });
    const made = (
      await asTutor({
        method: 'POST',
        url: '/v1/tutor/assignments',
        payload: { test_id: test.id, rules: PLAINEST_RULES },
      })
    ).json().data;
    const taker = await w.calls.startAs(made.code, 'Bo Student');
    await w.calls.answer(taker, [{ question_id: 'q1', value: 'b' }]);
    await w.calls.finish(taker);
    const res = await asTutor({
      method: 'POST',
      url: '/v1/profile/delete-account',
      payload: { email: 'taras.hn@example.com' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await rowsNaming(w.t.database, ['taras.hn@example.com', 'Hnatiuk', tutor.user.id, made.code, test.id]),
    ).toEqual([]);
    // Other tutors' work stays.
    expect((await w.call('tutor', { url: '/v1/tutor/assignments' })).json().data.length).toBeGreaterThan(0);
  });
});
