import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AssignmentRules, PLAINEST_RULES } from '../../../contract/assignments.ts';
import { SIGNAL_LIMITS } from '../../../contract/signals.ts';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';
import { completeDraft } from '../tutor/draft-fixture.ts';

let t: TestApp;
let callers: Callers;
let testId = '';
const call: Callers['call'] = (who, options) => callers.call(who, options);

interface Taker {
  uuid: string;
  api_token: string;
}

async function takerOf(rules: Partial<AssignmentRules>): Promise<{ taker: Taker; assignment: string }> {
  const made = await call('tutor', {
    method: 'POST',
    url: '/v1/tutor/assignments',
    payload: { test_id: testId, rules: { ...PLAINEST_RULES, ...rules } },
  });
  const { id, code } = made.json().data;
  const view = (await call(null, { url: `/v1/public/assignments/${code}` })).json().data;
  expect(view.collects_signals).toBe(rules.collect_signals ?? false);
  const started = await call(null, {
    method: 'POST',
    url: `/v1/public/assignments/${code}/start`,
    payload: { display_name: 'Ann' },
  });
  expect(started.statusCode, started.body).toBe(201);
  return { taker: started.json().data, assignment: id };
}

let n = 0;
/** A signal with a fresh id; `at` a second ago on the server's clock. */
const signal = (fields: object) => ({
  signal_id: `5160a1a1-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  at: t.clock.value - 1000,
  ...fields,
});
const send = (k: Taker, items: object[], language = 'en') =>
  call(null, {
    method: 'POST',
    url: `/v1/public/lessons/online/${k.uuid}/signals?api_token=${k.api_token}`,
    payload: { signals: items },
    language,
  });

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SIGNALS_PER_SESSION: '20' } });
  callers = await tutorCallers(t.app);
  testId = (await t.app.tutorTests.create(callers.users.tutor.id, 'en', completeDraft())).id;
  await t.app.tutorTests.publish(callers.users.tutor.id, testId);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe(`integrity signals on ${dialectName}`, () => {
  it('keeps what the taking view noticed, once, and shows it on the monitor, the review, the results and the CSV', async () => {
    const { taker, assignment } = await takerOf({ collect_signals: true });
    const noticed = [
      signal({ kind: 'hidden', duration_ms: 40_000 }),
      signal({ kind: 'paste', length: 12, question_id: 'q3' }),
      signal({ kind: 'offline', duration_ms: 180_000 }),
      signal({ kind: 'clock', duration_ms: -120_000 }),
      signal({ kind: 'blur', duration_ms: 5_000 }),
    ];
    const first = await send(taker, noticed);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ stored: 5, duplicates: 0, dropped: 0 });
    // The outbox sends again what it was not told of: nothing is kept twice.
    expect((await send(taker, noticed)).json().data).toMatchObject({ stored: 0, duplicates: 5, dropped: 0 });

    const monitor = (await call('tutor', { url: `/v1/tutor/assignments/${assignment}/monitor` })).json().data;
    expect(monitor.takers[0].signals).toBe(5);
    const review = await call('tutor', { url: `/v1/tutor/assignments/${assignment}/attempts/${taker.uuid}` });
    expect(review.statusCode).toBe(409); // still running: a review is of a finished attempt
    await call(null, {
      method: 'POST',
      url: `/v1/public/lessons/online/${taker.uuid}/finish?api_token=${taker.api_token}`,
      payload: { reason: 'manual' },
    });
    const reviewed = (await call('tutor', { url: `/v1/tutor/assignments/${assignment}/attempts/${taker.uuid}` })).json()
      .data;
    expect(
      reviewed.signals.map((s: { kind: string; duration_ms: number | null; length: number | null }) => [
        s.kind,
        s.duration_ms,
        s.length,
      ]),
    ).toEqual([
      ['hidden', 40_000, null],
      ['paste', null, 12],
      ['offline', 180_000, null],
      ['clock', -120_000, null],
      ['blur', 5_000, null],
    ]);
    const own = (
      await call(null, { url: `/v1/public/lessons/online/${taker.uuid}/results?api_token=${taker.api_token}` })
    ).json().data;
    expect(own.signals).toHaveLength(5);
    const table = (await call('tutor', { url: `/v1/tutor/assignments/${assignment}/results` })).json().data;
    expect(table.attempts[0].signals).toBe(5);
    const csv = (await call('tutor', { url: `/v1/tutor/assignments/${assignment}/results.csv`, language: 'uk' })).body;
    const [head, row] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(head).toContain('Сторінку приховано (разів)');
    expect(row?.split(',').slice(-5)).toEqual(['1', '1', '1', '1', '1']);
  });

  it('refuses bad kinds, durations, lengths, times and questions, changing nothing', async () => {
    const { taker } = await takerOf({ collect_signals: true });
    const before = await tableDigest(t.database.db);
    for (const bad of [
      signal({ kind: 'keystroke', duration_ms: 1 }),
      signal({ kind: 'hidden', duration_ms: -5 }),
      signal({ kind: 'hidden', duration_ms: SIGNAL_LIMITS.maxDurationMs + 1 }),
      signal({ kind: 'hidden' }),
      signal({ kind: 'hidden', duration_ms: 1.5 }),
      signal({ kind: 'paste', length: 3 }),
      signal({ kind: 'paste', length: 0, question_id: 'q1' }),
      signal({ kind: 'paste', length: 5, question_id: 'q1', text: 'the pasted words' }),
      signal({ kind: 'clock', duration_ms: 30_000 }),
      signal({ kind: 'offline', duration_ms: 1000, length: 4 }),
      signal({ kind: 'hidden', duration_ms: 1000, at: t.clock.value + 3_600_000 }),
      signal({ kind: 'hidden', duration_ms: 1000, at: t.clock.value - 3_600_000 }),
      signal({ kind: 'paste', length: 5, question_id: 'nope' }),
      { kind: 'hidden', duration_ms: 1000, at: t.clock.value },
    ]) {
      const res = await send(taker, [signal({ kind: 'blur', duration_ms: 2000 }), bad], 'pl');
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json().message).toBeTruthy();
    }
    // Each refusal names the signal it is about, as the device lets go of that one and sends the rest.
    const named = await send(taker, [
      signal({ kind: 'blur', duration_ms: 2000 }),
      signal({ kind: 'keystroke', duration_ms: 1 }),
    ]);
    expect(Object.keys(named.json().errors)).toEqual([expect.stringMatching(/^signals\.1(\.|$)/)]);
    const late = await send(taker, [
      signal({ kind: 'blur', duration_ms: 2000 }),
      signal({ kind: 'hidden', duration_ms: 1000, at: t.clock.value + 3_600_000 }),
      signal({ kind: 'paste', length: 5, question_id: 'nope' }),
    ]);
    expect(Object.keys(late.json().errors).sort()).toEqual(['signals.1.at', 'signals.2.question_id']);
    expect((await send(taker, [])).statusCode).toBe(422);
    const tooMany = Array.from({ length: SIGNAL_LIMITS.batch + 1 }, () => signal({ kind: 'blur', duration_ms: 2000 }));
    expect((await send(taker, tooMany)).statusCode).toBe(422);
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('keeps none for an assignment that does not collect them, nor from anyone without the token', async () => {
    const { taker } = await takerOf({});
    const before = await tableDigest(t.database.db);
    const refused = await send(taker, [signal({ kind: 'hidden', duration_ms: 4000 })]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/keeps no signals/);
    const stranger = await call(null, {
      method: 'POST',
      url: `/v1/public/lessons/online/${taker.uuid}/signals?api_token=wrong`,
      payload: { signals: [signal({ kind: 'hidden', duration_ms: 4000 })] },
    });
    expect(stranger.statusCode).toBe(401);
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('caps a flood: at most the bound kept per attempt, the rest dropped; too many requests are refused', async () => {
    const { taker, assignment } = await takerOf({ collect_signals: true });
    const batch = () => Array.from({ length: SIGNAL_LIMITS.batch }, () => signal({ kind: 'blur', duration_ms: 1500 }));
    const receipts = [];
    for (let i = 0; i < 4; i++) receipts.push((await send(taker, batch())).json().data);
    expect(receipts.map((r) => [r.stored, r.dropped])).toEqual([
      [100, 0],
      [100, 0],
      [100, 0],
      [0, 100],
    ]);
    const monitor = (await call('tutor', { url: `/v1/tutor/assignments/${assignment}/monitor` })).json().data;
    expect(monitor.takers[0].signals).toBe(SIGNAL_LIMITS.perSession);
    // Twenty requests a minute per attempt here: the 21st is told to wait, and changes nothing.
    for (let i = 4; i < 20; i++) expect((await send(taker, batch())).statusCode).toBe(200);
    const before = await tableDigest(t.database.db);
    const limited = await send(taker, batch());
    expect(limited.statusCode).toBe(429);
    expect(await tableDigest(t.database.db)).toEqual(before);
    // Answers have their own limit: a flood of signals takes nothing from them.
    const answered = await call(null, {
      method: 'POST',
      url: `/v1/public/lessons/online/${taker.uuid}/answer?api_token=${taker.api_token}`,
      payload: {
        answer_id: '5160a1a1-1111-4000-8000-000000000001',
        question_id: 'q1',
        value: 'a',
        answered_at: t.clock.value,
      },
    });
    expect(answered.statusCode).toBe(201);
  });

  it('holds the bound under parallel batches, and stores a signal sent twice at once once', async () => {
    const { taker } = await takerOf({ collect_signals: true });
    const batch = () => Array.from({ length: SIGNAL_LIMITS.batch }, () => signal({ kind: 'blur', duration_ms: 900 }));
    const same = batch();
    const batches = [same, same, ...Array.from({ length: 10 }, batch)];
    const sent = await Promise.all(batches.map((items) => send(taker, items)));
    expect(sent.map((res) => res.statusCode)).toEqual(batches.map(() => 200));
    const receipts = sent.map((res) => res.json().data as { stored: number; duplicates: number; dropped: number });
    expect(receipts.reduce((sum, r) => sum + r.stored, 0)).toBe(SIGNAL_LIMITS.perSession);
    const rows = await t.database.db
      .selectFrom('session_signals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_uuid', '=', taker.uuid)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(SIGNAL_LIMITS.perSession);
    const kept = await t.database.db
      .selectFrom('online_sessions')
      .select('signal_count')
      .where('uuid', '=', taker.uuid)
      .executeTakeFirstOrThrow();
    expect(Number(kept.signal_count)).toBe(SIGNAL_LIMITS.perSession);
  });

  it('keeps one outage one offline period, however many pages or parts said it, and every other outage its own', async () => {
    const { taker, assignment } = await takerOf({ collect_signals: true });
    const start = t.clock.value - 55_000;
    const outage = (from: number, ms: number) => signal({ kind: 'offline', at: start + from, duration_ms: ms });
    const timeline = async () => {
      const rows = await t.database.db
        .selectFrom('session_signals')
        .select(['kind', 'at', 'duration_ms'])
        .where('session_uuid', '=', taker.uuid)
        .orderBy('at')
        .execute();
      return rows.map((row) => [row.kind, Number(row.at) - start, Number(row.duration_ms)]);
    };
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('online_sessions')
            .select('signal_count')
            .where('uuid', '=', taker.uuid)
            .executeTakeFirstOrThrow()
        ).signal_count,
      );
    // One 20 s outage said twice (two tabs, or a page reloaded in it): 20.1 s and, from 3 s on, 17.1 s.
    const whole = outage(0, 20_100);
    expect((await send(taker, [whole])).json().data).toMatchObject({ stored: 1, joined: 0 });
    const part = outage(3_000, 17_100);
    expect((await send(taker, [part])).json().data).toMatchObject({ stored: 0, joined: 1, duplicates: 0 });
    expect(await timeline()).toEqual([['offline', 0, 20_100]]);
    // A part sent again joins again and changes nothing.
    expect((await send(taker, [part])).json().data).toMatchObject({ stored: 0, joined: 1 });
    expect(await timeline()).toEqual([['offline', 0, 20_100]]);
    // Two parts of one batch half a second apart are one outage; a hidden page in it stays its own.
    const batch = [
      outage(30_000, 5_000),
      signal({ kind: 'hidden', at: start + 31_000, duration_ms: 2_000 }),
      outage(35_500, 4_000),
    ];
    expect((await send(taker, batch)).json().data).toMatchObject({ stored: 2, joined: 1 });
    expect(await timeline()).toEqual([
      ['offline', 0, 20_100],
      ['offline', 30_000, 9_500],
      ['hidden', 31_000, 2_000],
    ]);
    expect(await count()).toBe(3);
    // A longer part that spans both outages and the gap between joins them all into one.
    expect((await send(taker, [outage(15_000, 20_000)])).json().data).toMatchObject({ stored: 0, joined: 1 });
    expect(await timeline()).toEqual([
      ['offline', 0, 39_500],
      ['hidden', 31_000, 2_000],
    ]);
    expect(await count()).toBe(2);
    const monitor = (await call('tutor', { url: `/v1/tutor/assignments/${assignment}/monitor` })).json().data;
    expect(monitor.takers[0].signals).toBe(2);
  });
});

describe(`deleting an assignment on ${dialectName}`, () => {
  it('deletes its attempts with their answers and signals, and nothing of another assignment', async () => {
    const kept = await takerOf({ collect_signals: true });
    const gone = await takerOf({ collect_signals: true });
    for (const { taker } of [kept, gone]) {
      expect((await send(taker, [signal({ kind: 'hidden', duration_ms: 3000 })])).statusCode).toBe(200);
      const answered = await call(null, {
        method: 'POST',
        url: `/v1/public/lessons/online/${taker.uuid}/answer?api_token=${taker.api_token}`,
        payload: {
          answer_id: `${taker.uuid.slice(0, 8)}-2222-4000-8000-000000000001`,
          question_id: 'q1',
          value: 'a',
          answered_at: t.clock.value,
        },
      });
      expect(answered.statusCode).toBe(201);
    }
    const rows = async (uuid: string) => {
      const db = t.database.db;
      const count = async (table: 'answers' | 'session_signals') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('session_uuid', '=', uuid)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const session = await db.selectFrom('online_sessions').select('uuid').where('uuid', '=', uuid).executeTakeFirst();
      return [session ? 1 : 0, await count('answers'), await count('session_signals')];
    };
    expect(await rows(gone.taker.uuid)).toEqual([1, 1, 1]);
    const before = await tableDigest(t.database.db);
    const stranger = await call('otherTutor', { method: 'DELETE', url: `/v1/tutor/assignments/${gone.assignment}` });
    expect(stranger.statusCode).toBe(404);
    expect(await tableDigest(t.database.db)).toEqual(before);

    const deleted = await call('tutor', { method: 'DELETE', url: `/v1/tutor/assignments/${gone.assignment}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await rows(gone.taker.uuid)).toEqual([0, 0, 0]);
    expect(await rows(kept.taker.uuid)).toEqual([1, 1, 1]);
    expect((await call('tutor', { url: `/v1/tutor/assignments/${gone.assignment}` })).statusCode).toBe(404);
    // The taker's device still holding the attempt learns it is gone; nothing is stored for it.
    expect((await send(gone.taker, [signal({ kind: 'blur', duration_ms: 2000 })])).statusCode).toBe(401);
    expect(await rows(gone.taker.uuid)).toEqual([0, 0, 0]);
  });
});
