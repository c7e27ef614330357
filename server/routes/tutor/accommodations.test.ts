import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Accommodation, MAX_ACCOMMODATIONS_PER_TUTOR } from '../../../contract/accommodations.ts';
import { type AssignmentRules, PLAINEST_RULES } from '../../../contract/assignments.ts';
import type { UsersTable } from '../../db/schema.ts';
import { signedInUser } from '../../test/accounts.ts';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';
import { completeDraft } from './draft-fixture.ts';

let t: TestApp;
let callers: Callers;
let testId = '';
type Person = 'anna' | 'bohdan' | 'cyryl' | 'dana';
const people = {} as Record<Person, { user: UsersTable; token: string }>;
const MIN = 60_000;
/** The fixture test's own time limit. */
const BASE_MS = 10 * MIN;
const x15: Accommodation = { time: 'multiplier', multiplier: 1.5, read_aloud: true };

const inject = (
  token: string | null,
  options: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object },
) =>
  t.app.inject({
    method: options.method ?? 'GET',
    url: options.url,
    ...(options.payload ? { payload: options.payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const asTutor = (options: Parameters<typeof inject>[1], who: 'tutor' | 'otherTutor' = 'tutor') =>
  inject(callers.tokens[who], options);

async function assign(rules: Partial<AssignmentRules> = {}) {
  const res = await asTutor({
    method: 'POST',
    url: '/v1/tutor/assignments',
    payload: { test_id: testId, rules: { ...PLAINEST_RULES, ...rules } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; code: string };
}

async function start(code: string, who: Person | null, name = 'Guest') {
  const res = await inject(who ? people[who].token : null, {
    method: 'POST',
    url: `/v1/public/assignments/${code}/start`,
    payload: who ? {} : { display_name: name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    uuid: string;
    api_token: string;
    deadline: number;
    untimed?: boolean;
    read_aloud?: boolean;
  };
}

const save = async (payload: object, who: 'tutor' | 'otherTutor' = 'tutor') =>
  asTutor({ method: 'PUT', url: '/v1/tutor/accommodations', payload }, who);
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

beforeAll(async () => {
  t = await createTestApp();
  callers = await tutorCallers(t.app);
  testId = (await t.app.tutorTests.create(callers.users.tutor.id, 'en', completeDraft())).id;
  await t.app.tutorTests.publish(callers.users.tutor.id, testId);
  for (const [key, verified] of [
    ['anna', true],
    ['bohdan', true],
    ['cyryl', true],
    ['dana', false],
  ] as const) {
    people[key] = await signedInUser(t.app, {
      email: `${key}@example.com`,
      firstname: key.charAt(0).toUpperCase() + key.slice(1),
      lastname: 'Student',
      emailVerified: verified,
    });
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe(`standing accommodations on ${dialectName}`, () => {
  it('offers the tutor’s signed-in takers, keeps ×1.5 for one, and carries it to her running attempt at once', async () => {
    const open = await assign();
    const anna = await start(open.code, 'anna');
    await start(open.code, null, 'Guest');
    const list = (await asTutor({ url: '/v1/tutor/accommodations' })).json().data;
    expect(list.students).toEqual([{ user_id: people.anna.user.id, name: 'Anna Student' }]);
    expect(list.accommodations).toEqual([]);

    const saved = await save({ user_id: people.anna.user.id, accommodation: x15 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      saved: { user_id: people.anna.user.id, name: 'Anna Student', email: null, accommodation: x15 },
      attempts_changed: 1,
    });
    expect(await deadlineOf(anna.uuid)).toBe(anna.deadline + BASE_MS / 2);
    const [change] = (await asTutor({ url: `/v1/tutor/assignments/${open.id}/changes` })).json().data;
    expect(change).toMatchObject({ kind: 'accommodation', session: anna.uuid, name: 'Anna Student' });
    expect(JSON.parse(change.detail)).toEqual({
      before: null,
      after: x15,
      old_deadline: anna.deadline,
      new_deadline: anna.deadline + BASE_MS / 2,
    });
  });

  it('gives a lobby’s accommodated taker her own deadline from the one signal, shown on the monitor and in the results', async () => {
    const lobby = await assign({ start: 'signal' });
    const signalled = await asTutor({ method: 'POST', url: `/v1/tutor/assignments/${lobby.id}/start`, payload: {} });
    expect(signalled.statusCode).toBe(200);
    const signal = t.clock.value;
    t.clock.advance(2 * MIN);
    const anna = await start(lobby.code, 'anna');
    const bohdan = await start(lobby.code, 'bohdan');
    expect(bohdan.deadline).toBe(signal + BASE_MS);
    expect(anna.deadline - bohdan.deadline).toBe(BASE_MS / 2);
    const monitor = (await asTutor({ url: `/v1/tutor/assignments/${lobby.id}/monitor` })).json().data;
    const byName = Object.fromEntries(monitor.takers.map((k: { name: string }) => [k.name, k]));
    expect(byName['Anna Student'].accommodation).toEqual(x15);
    expect(byName['Bohdan Student']).not.toHaveProperty('accommodation');
    const results = (await asTutor({ url: `/v1/tutor/assignments/${lobby.id}/results` })).json().data;
    expect(results.attempts.find((a: { name: string }) => a.name === 'Anna Student').accommodation).toEqual(x15);

    // Changed mid-test: the tutor's extra time stays on top of the new accommodation.
    const extra = await asTutor({
      method: 'POST',
      url: `/v1/tutor/assignments/${lobby.id}/attempts/${anna.uuid}/extra-time`,
      payload: { minutes: 5 },
    });
    expect(extra.statusCode, extra.body).toBe(200);
    const twenty: Accommodation = { time: 'extra_minutes', extra_minutes: 20, read_aloud: false };
    const changed = await save({ user_id: people.anna.user.id, accommodation: twenty });
    expect(changed.json().data.attempts_changed).toBe(2);
    expect(await deadlineOf(anna.uuid)).toBe(signal + BASE_MS + 20 * MIN + 5 * MIN);
    // The device learns it on its next contact.
    const heartbeat = await inject(null, {
      method: 'POST',
      url: `/v1/public/lessons/online/${anna.uuid}/heartbeat`,
      payload: { api_token: anna.api_token, unsent: 0 },
    });
    expect(heartbeat.statusCode, heartbeat.body).toBe(200);
    expect(heartbeat.json().data.deadline).toBe(signal + BASE_MS + 25 * MIN);
    await save({ user_id: people.anna.user.id, accommodation: x15 });
  });

  it('applies an accommodation named by e-mail to the account that confirmed that address, not to an unconfirmed one', async () => {
    for (const email of ['CYRYL@example.com', 'dana@example.com']) {
      const res = await save({ email, accommodation: { time: 'extra_minutes', extra_minutes: 15, read_aloud: false } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.saved).toMatchObject({ name: null, email });
    }
    const open = await assign();
    expect((await start(open.code, 'cyryl')).deadline).toBe(t.clock.value + BASE_MS + 15 * MIN);
    expect((await start(open.code, 'dana')).deadline).toBe(t.clock.value + BASE_MS);
  });

  it('has none where the assignment turns them off, none for a taker not signed in, and read-aloud only where allowed', async () => {
    const off = await assign({ accommodations: false, read_aloud: false });
    const anna = await start(off.code, 'anna');
    expect(anna.deadline).toBe(t.clock.value + BASE_MS);
    expect(anna.read_aloud).toBe(false);
    const noReading = await assign({ read_aloud: false });
    const annaReads = await start(noReading.code, 'anna');
    expect(annaReads.deadline).toBe(t.clock.value + BASE_MS * 1.5);
    expect(annaReads).not.toHaveProperty('read_aloud');
    expect((await start(noReading.code, 'bohdan')).read_aloud).toBe(false);
    expect((await start(noReading.code, null, 'Anna Student')).deadline).toBe(t.clock.value + BASE_MS);
    const pub = (await inject(null, { url: `/v1/public/assignments/${off.code}` })).json().data;
    expect(pub.accommodations).toBe(false);
  });

  it('with no time limit runs to the window’s end and says so to the device', async () => {
    const closes = t.clock.value + 90 * MIN;
    const windowed = await assign({ closes_at: closes });
    await save({ user_id: people.bohdan.user.id, accommodation: { time: 'unlimited', read_aloud: false } });
    const bohdan = await start(windowed.code, 'bohdan');
    expect(bohdan.deadline).toBe(closes);
    expect(bohdan.untimed).toBe(true);
  });

  it('keeps each tutor’s to themselves, refuses bad input changing nothing, and undoes itself on removal', async () => {
    const mine = (await asTutor({ url: '/v1/tutor/accommodations' })).json().data.accommodations;
    const annas = mine.find((a: { name: string | null }) => a.name === 'Anna Student');
    const before = await tableDigest(t.database.db);
    // Another tutor: Anna never took their tests, and this accommodation is not theirs.
    const theirs = await save({ user_id: people.anna.user.id, accommodation: x15 }, 'otherTutor');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().errors.user_id).toHaveLength(1);
    expect(
      (await asTutor({ method: 'DELETE', url: `/v1/tutor/accommodations/${annas.id}` }, 'otherTutor')).statusCode,
    ).toBe(404);
    expect((await asTutor({ url: '/v1/tutor/accommodations' }, 'otherTutor')).json().data.accommodations).toEqual([]);
    for (const payload of [
      { user_id: people.anna.user.id, accommodation: { time: 'multiplier', multiplier: 3, read_aloud: false } },
      { user_id: people.anna.user.id, accommodation: { time: 'multiplier', read_aloud: false } },
      { user_id: people.anna.user.id, accommodation: { time: 'standard', read_aloud: false } },
      { user_id: people.anna.user.id, email: 'anna@example.com', accommodation: x15 },
      { email: 'not an address', accommodation: x15 },
    ]) {
      const res = await save(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().message).toBeTruthy();
    }
    expect(await tableDigest(t.database.db)).toEqual(before);

    const lobby = await assign();
    const anna = await start(lobby.code, 'anna');
    const removed = await asTutor({ method: 'DELETE', url: `/v1/tutor/accommodations/${annas.id}` });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.attempts_changed).toBeGreaterThanOrEqual(1);
    expect(await deadlineOf(anna.uuid)).toBe(anna.deadline - BASE_MS / 2);
  });

  it('keeps a tutor to their limit when saves arrive together, and still lets one be replaced at it', async () => {
    const owner = callers.users.otherTutor;
    const now = t.clock.value;
    await t.database.db
      .insertInto('accommodations')
      .values(
        Array.from({ length: MAX_ACCOMMODATIONS_PER_TUTOR - 5 }, (_, n) => ({
          id: randomUUID(),
          owner_id: owner.id,
          user_id: null,
          email: `kept-${n}@example.com`,
          email_key: `kept-${n}@example.com`,
          detail: JSON.stringify(x15),
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const saves = await Promise.all(
      Array.from({ length: 20 }, (_, n) => save({ email: `new-${n}@example.com`, accommodation: x15 }, 'otherTutor')),
    );
    const statuses = saves.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect(saves.find((res) => res.statusCode === 409)?.json().message).toContain(String(MAX_ACCOMMODATIONS_PER_TUTOR));
    const { count } = await t.database.db
      .selectFrom('accommodations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('owner_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(MAX_ACCOMMODATIONS_PER_TUTOR);
    const replaced = await save(
      { email: 'kept-0@example.com', accommodation: { time: 'unlimited', read_aloud: true } },
      'otherTutor',
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
  });
});
