/**
 * The exam room through the API: messages to everyone and to one taker, delivered with heartbeats
 * (a device that was away gets them on its return) and shown to the tutor as delivered or not;
 * pausing and resuming everyone (deadlines move by the pause, the sweep waits); extra time for
 * everyone with a reason; all logged; refusals change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';
import { oneBlockDraft } from '../../test/one-block-draft.ts';
import { type Taker, takerCalls } from '../../test/taker-calls.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';

let t: TestApp;
let callers: Callers;
let testId = '';
const call: Callers['call'] = (who, options) => callers.call(who, options);
const { assign, startAs, answer, finish } = takerCalls(call, () => t.clock.value);
const en = (text: string) => ({ en: text });
const MINUTE = 60_000;

const draft = oneBlockDraft('Room', [
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

const beat = async (k: Taker, seen?: string[]) => {
  const res = await call(null, {
    method: 'POST',
    url: `/v1/public/lessons/online/${k.uuid}/heartbeat`,
    payload: { api_token: k.api_token, unsent: 0, ...(seen ? { seen } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    deadline: number;
    messages?: { id: string; text: string; to_all: boolean }[];
    paused_at?: number;
    room?: string;
  };
};
const tutor = (id: string, path: string, payload?: object, who: 'tutor' | 'otherTutor' = 'tutor') =>
  call(who, {
    method: payload ? 'POST' : 'GET',
    url: `/v1/tutor/assignments/${id}/${path}`,
    ...(payload ? { payload } : {}),
  });

describe(`the exam room on ${dialectName}`, () => {
  it('delivers messages with heartbeats, to a device back from offline too, and tells the tutor which arrived', async () => {
    const made = await assign(testId);
    const ann = await startAs(made.code, 'Ann');
    const bo = await startAs(made.code, 'Bo');
    expect(await beat(ann)).toEqual({ server_now: t.clock.value, deadline: ann.deadline, room: '0.0' });

    const all = await tutor(made.id, 'messages', { text: 'Question 1 is about whole numbers.' });
    expect(all.statusCode, all.body).toBe(201);
    t.clock.advance(1000);
    const toBo = await tutor(made.id, 'messages', { text: 'Bo, please sit at the front.', session: bo.uuid });
    expect(toBo.json().data).toMatchObject({
      to: { session: bo.uuid, name: 'Bo' },
      recipients: [{ name: 'Bo', delivered_at: null }],
    });

    const annGot = await beat(ann);
    expect(annGot.messages?.map((m) => [m.text, m.to_all])).toEqual([['Question 1 is about whole numbers.', true]]);
    // Shown, and said so with the next heartbeat: not sent again.
    t.clock.advance(15_000);
    expect(
      (
        await beat(
          ann,
          annGot.messages?.map((m) => m.id),
        )
      ).messages,
    ).toBeUndefined();
    // Another's message id acknowledged by Ann changes nothing of Bo's.
    await beat(ann, [toBo.json().data.id]);
    let list = (await tutor(made.id, 'messages')).json().data;
    expect(list.map((m: { text: string }) => m.text)).toEqual([
      'Bo, please sit at the front.',
      'Question 1 is about whole numbers.',
    ]);
    expect(list[1].recipients).toEqual([
      { session: ann.uuid, name: 'Ann', delivered_at: t.clock.value },
      { session: bo.uuid, name: 'Bo', delivered_at: null },
    ]);
    expect(list[0].recipients).toEqual([{ session: bo.uuid, name: 'Bo', delivered_at: null }]);

    // Bo was offline all along: back, the first heartbeat brings both.
    const boGot = await beat(bo);
    expect(boGot.messages?.map((m) => m.text)).toEqual([
      'Question 1 is about whole numbers.',
      'Bo, please sit at the front.',
    ]);
    await beat(
      bo,
      boGot.messages?.map((m) => m.id),
    );
    list = (await tutor(made.id, 'messages')).json().data;
    expect(
      list.flatMap((m: { recipients: { delivered_at: number | null }[] }) =>
        m.recipients.map((r) => r.delivered_at !== null),
      ),
    ).toEqual([true, true, true]);
  });

  it('tells a device that keeps answering (and so sends no heartbeat) that the room changed, by a stamp on each batch', async () => {
    const made = await assign(testId);
    const ann = await startAs(made.code, 'Ann');
    const bo = await startAs(made.code, 'Bo');
    let n = 0;
    const stamp = async (k: Taker) => {
      n += 1;
      const id = `${k.uuid.slice(0, 8)}-0000-4000-8000-${String(n).padStart(12, '0')}`;
      const res = await answer(k, [{ question_id: 'q1', value: n, answer_id: id }], '&unsent=0');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.room as string;
    };
    const quiet = await stamp(ann);
    expect(quiet).toBe((await beat(ann)).room);
    // A message to Bo changes Bo's stamp only; the heartbeat it prompts brings the message and the same stamp.
    await tutor(made.id, 'messages', { text: 'Bo, look up.', session: bo.uuid });
    expect(await stamp(ann)).toBe(quiet);
    const boStamp = await stamp(bo);
    expect(boStamp).not.toBe(quiet);
    const boBeat = await beat(bo);
    expect([boBeat.room, boBeat.messages?.map((m) => m.text)]).toEqual([boStamp, ['Bo, look up.']]);
    // A pause changes everyone's; so does the resume.
    await tutor(made.id, 'pause', {});
    const pausedStamp = await stamp(ann);
    expect(pausedStamp).not.toBe(quiet);
    expect((await beat(ann)).room).toBe(pausedStamp);
    t.clock.advance(5_000);
    await tutor(made.id, 'resume', {});
    // Ann last heard the paused stamp: the resume's differs from it (devices compare, never order, stamps).
    expect(await stamp(ann)).not.toBe(pausedStamp);
    // A lone answer and a batch that says nothing of what waits are no heartbeat: no stamp.
    const plain = await answer(ann, [{ question_id: 'q1', value: 9 }]);
    expect(plain.json().data).not.toHaveProperty('room');
  });

  it('pauses everyone, moves every deadline by the pause on resume, and no attempt runs out meanwhile', async () => {
    const made = await assign(testId);
    const ann = await startAs(made.code, 'Ann');
    const bo = await startAs(made.code, 'Bo');
    await answer(ann, [{ question_id: 'q1', value: 2 }]);
    const paused = await tutor(made.id, 'pause', {});
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().data.paused_at).toBe(t.clock.value);
    const pausedAt = t.clock.value;
    expect((await beat(ann)).paused_at).toBe(pausedAt);
    const before = await tableDigest(t.database.db);
    expect((await tutor(made.id, 'pause', {})).statusCode).toBe(409);
    expect((await tutor(made.id, 'resume', {}, 'otherTutor')).statusCode).toBe(404);
    expect(await tableDigest(t.database.db)).toEqual(before);

    // Twelve minutes of pause: past the ten-minute deadline, yet the sweep closes nobody.
    t.clock.advance(12 * MINUTE);
    expect(await t.app.sessions.sweep()).toBe(0);
    const resumed = await tutor(made.id, 'resume', {});
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data).not.toHaveProperty('paused_at');
    // Bo, offline during the whole pause, learns the moved deadline on return.
    const boBack = await beat(bo);
    expect(boBack.deadline).toBe(bo.deadline + 12 * MINUTE);
    expect(boBack.paused_at).toBeUndefined();
    expect((await beat(ann)).deadline).toBe(ann.deadline + 12 * MINUTE);
    // Nothing lost: Ann's answer before the pause and one after it both count.
    await answer(ann, [
      { question_id: 'q1', value: 3, answer_id: `${ann.uuid.slice(0, 8)}-0000-4000-8000-0000000000bb` },
    ]);
    expect((await finish(ann)).statusCode).toBe(200);
    const stored = await t.database.db
      .selectFrom('answers')
      .select('value')
      .where('session_uuid', '=', ann.uuid)
      .execute();
    expect(stored.map((a) => a.value).sort()).toEqual(['2', '3']);
    expect((await tutor(made.id, 'resume', {})).statusCode).toBe(409);

    t.clock.advance(1000);
    const more = await tutor(made.id, 'extra-time', { minutes: 10, reason: 'The room lost power' });
    expect(more.json().data).toEqual({ attempts: 1, minutes: 10 });
    expect((await beat(bo)).deadline).toBe(bo.deadline + 22 * MINUTE);
    const changes = (await tutor(made.id, 'changes')).json().data;
    expect(changes.map((c: { kind: string; session: string | null }) => [c.kind, c.session])).toEqual([
      ['extra_time', null],
      ['pause', null],
    ]);
    expect(JSON.parse(changes[0].detail)).toEqual({ minutes: 10, reason: 'The room lost power', attempts: 1 });
    expect(JSON.parse(changes[1].detail)).toEqual({
      paused_at: pausedAt,
      resumed_at: pausedAt + 12 * MINUTE,
      attempts: 2,
    });
  });

  it('refuses a message for another assignment’s taker, an empty one, and another tutor, changing nothing', async () => {
    const made = await assign(testId);
    const other = await assign(testId);
    const stranger = await startAs(other.code, 'Cy');
    const before = await tableDigest(t.database.db);
    expect((await tutor(made.id, 'messages', { text: 'Hi', session: stranger.uuid })).statusCode).toBe(404);
    expect((await tutor(made.id, 'messages', { text: '' })).statusCode).toBe(422);
    expect((await tutor(made.id, 'messages', { text: 'x'.repeat(501) })).statusCode).toBe(422);
    expect((await tutor(made.id, 'messages', { text: 'Hi' }, 'otherTutor')).statusCode).toBe(404);
    expect((await tutor(made.id, 'extra-time', { minutes: 0, reason: 'x' })).statusCode).toBe(422);
    expect((await tutor(made.id, 'extra-time', { minutes: 5 })).statusCode).toBe(422);
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('counts a message’s 500 characters as a person does: 300 emoji are 300, a family of four is one', async () => {
    const made = await assign(testId);
    const send = (text: string) => tutor(made.id, 'messages', { text });
    const smiles = '😀'.repeat(300);
    const sent = await send(smiles);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data.text).toBe(smiles);
    // Eleven code units each, 5,500 in all: still 500 characters.
    expect((await send('👨‍👩‍👧‍👦'.repeat(500))).statusCode).toBe(201);
    expect((await send(`${'😀'.repeat(499)}é`)).statusCode).toBe(201);
    const before = await tableDigest(t.database.db);
    const over = await send('😀'.repeat(501));
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.text).toEqual(['must be from 1 to 500 characters']);
    // One letter under a pile of combining marks is one character, but not a heartbeat's worth of text.
    expect((await send(`a${'\u0301'.repeat(40)}`.repeat(300))).statusCode).toBe(422);
    expect(await tableDigest(t.database.db)).toEqual(before);
    expect((await tutor(made.id, 'messages')).json().data).toHaveLength(3);
  });
});
