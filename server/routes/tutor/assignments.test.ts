import { randomUUID } from 'node:crypto';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSIGNMENT_CODE_ALPHABET, AssignmentMonitor, PLAINEST_RULES } from '../../../contract/assignments.ts';
import { ENDPOINTS } from '../../../contract/endpoints/index.ts';
import { newAssignmentCode } from '../../services/assignments/assignment-rows.ts';
import { stateAt } from '../../services/sessions/assignment-rules.ts';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';
import { type Callers, tutorCallers, type Who } from '../../test/tutor-callers.ts';
import { completeDraft } from './draft-fixture.ts';

let t: TestApp;
let callers: Callers;
let publishedTest = '';
let draftTest = '';

const RULES = PLAINEST_RULES;

const call: Callers['call'] = (who, options) => callers.call(who, options);

const create = (payload: object, who: Who = 'tutor', language?: string) =>
  call(who, { method: 'POST', url: '/v1/tutor/assignments', payload, ...(language ? { language } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  callers = await tutorCallers(t.app);
  const tutorId = callers.users.tutor.id;
  publishedTest = (await t.app.tutorTests.create(tutorId, 'en', completeDraft())).id;
  await t.app.tutorTests.publish(tutorId, publishedTest);
  draftTest = (await t.app.tutorTests.create(tutorId, 'en', completeDraft())).id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe(`assignments on ${dialectName}`, () => {
  it('answers every tutor route of an assignment id that is none of the tutor’s with “no such assignment”', async () => {
    const made = (await create({ test_id: publishedTest, rules: RULES })).json().data;
    const routes = Object.values(ENDPOINTS).filter((e) => e.path.startsWith('/v1/tutor/assignments/:id'));
    expect(routes.length).toBeGreaterThan(8);
    for (const e of routes) {
      for (const [who, id] of [
        ['tutor', randomUUID()],
        ['otherTutor', made.id],
      ] as const) {
        const url = e.path.replace(':id', id).replace(':session', randomUUID()).replace(':question', 'q1');
        const payload = e.path.endsWith('/extra-time')
          ? { minutes: 5 }
          : e.path.includes('/marks/')
            ? { points: 1 }
            : {};
        const res = await call(who, { method: e.method, url, ...(e.body ? { payload } : {}), language: 'pl' });
        expect([res.statusCode, res.json().message], `${e.method} ${e.path} by ${who}`).toEqual([
          404,
          'Nie ma takiego zadania',
        ]);
      }
    }
  });

  it('gives a published test by a code of eight characters a class can copy from a board', async () => {
    const res = await create({ test_id: publishedTest, rules: { ...RULES, duration_seconds: 900 } });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data;
    expect(made).toMatchObject({ title: 'Fractions', state: 'open', test_duration_seconds: 600, question_count: 4 });
    expect(made.rules.duration_seconds).toBe(900);
    expect(made.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);

    const info = await call(null, { url: `/v1/public/assignments/${made.code}`, language: 'uk' });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data).toMatchObject({
      code: made.code,
      title: 'Дроби',
      description: 'Половини й чверті',
      state: 'open',
      duration_seconds: 900,
      question_count: 4,
      attempts: 1,
    });

    const listed = await call('tutor', { url: '/v1/tutor/assignments' });
    expect(listed.json().data.map((a: { id: string }) => a.id)).toContain(made.id);
    expect((await call('otherTutor', { url: '/v1/tutor/assignments' })).json().data).toEqual([]);
  });

  it('gives a catalog lesson by its slug, and refuses a draft, an unknown lesson or a window that closes first', async () => {
    const lesson = await create({ lesson_slug: 'fixture-sums', rules: RULES });
    expect(lesson.statusCode, lesson.body).toBe(201);

    const before = await tableDigest(t.database.db);
    const draft = await create({ test_id: draftTest, rules: RULES }, 'tutor', 'uk');
    expect(draft.statusCode).toBe(422);
    expect(draft.json().errors).toEqual({ test_id: ['Видати можна лише опублікований тест: спершу опублікуйте його'] });
    const unknown = await create({ lesson_slug: 'fixture-draft', rules: RULES });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ lesson_slug: ['There is no such lesson in the catalog'] });
    const both = await create({ test_id: publishedTest, lesson_slug: 'fixture-sums', rules: RULES });
    expect(both.statusCode).toBe(422);
    const backwards = await create({ test_id: publishedTest, rules: { ...RULES, opens_at: 2_000, closes_at: 1_000 } });
    expect(backwards.statusCode).toBe(422);
    // Another tutor's test does not exist for this one.
    expect((await create({ test_id: publishedTest, rules: RULES }, 'otherTutor')).statusCode).toBe(404);
    expect((await create({ test_id: publishedTest, rules: RULES }, 'student')).statusCode).toBe(403);
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('follows its window, its signal and its closing', async () => {
    const now = t.clock.value;
    const made = (
      await create({ test_id: publishedTest, rules: { ...RULES, opens_at: now + 60_000, closes_at: now + 120_000 } })
    ).json().data;
    const state = async () => (await call(null, { url: `/v1/public/assignments/${made.code}` })).json().data.state;
    expect(await state()).toBe('scheduled');
    t.clock.advance(60_000);
    expect(await state()).toBe('open');
    t.clock.advance(60_000);
    expect(await state()).toBe('closed');

    const early = (await create({ test_id: publishedTest, rules: RULES })).json().data;
    const closed = await call('tutor', { method: 'POST', url: `/v1/tutor/assignments/${early.id}/close`, payload: {} });
    expect(closed.json().data).toMatchObject({ state: 'closed', closed_at: t.clock.value });
    expect(
      (await call('otherTutor', { method: 'POST', url: `/v1/tutor/assignments/${early.id}/close`, payload: {} }))
        .statusCode,
    ).toBe(404);

    expect(
      stateAt({ opens_at: null, closes_at: null, started_at: null, closed_at: null }, { ...RULES, start: 'signal' }, 0),
    ).toBe('lobby');
    expect(
      stateAt({ opens_at: null, closes_at: null, started_at: 5, closed_at: null }, { ...RULES, start: 'signal' }, 9),
    ).toBe('open');
  });

  it('answers an unknown or malformed code with a clear message', async () => {
    const unknown = await call(null, { url: '/v1/public/assignments/ZZZZZZZZ', language: 'pl' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Nie ma zadania z takim kodem. Sprawdź kod i spróbuj ponownie');
    // Look-alike characters are never in a code.
    expect((await call(null, { url: '/v1/public/assignments/ABCDEFG0' })).statusCode).toBe(422);
  });

  it('makes codes from the board-safe alphabet only', () => {
    const codes = Array.from({ length: 500 }, () => newAssignmentCode());
    expect(new Set(codes.join('')).size).toBeLessThanOrEqual(ASSIGNMENT_CODE_ALPHABET.length);
    expect(codes.join('')).not.toMatch(/[01OIL]/);
    expect(newAssignmentCode(() => 0)).toBe('22222222');
  });

  it('lets a taker with the link start by a display name, with the assignment’s time, ending by its close', async () => {
    const now = t.clock.value;
    const made = (
      await create({ test_id: publishedTest, rules: { ...RULES, duration_seconds: 900, closes_at: now + 600_000 } })
    ).json().data;
    const start = (payload: object, who: Who | null = null, language?: string) =>
      call(who, {
        method: 'POST',
        url: `/v1/public/assignments/${made.code}/start`,
        payload,
        ...(language ? { language } : {}),
      });
    const before = await tableDigest(t.database.db);
    const nameless = await start({}, null, 'ru');
    expect(nameless.statusCode).toBe(422);
    expect(nameless.json().errors).toEqual({
      display_name: ['Введите своё имя: под ним преподаватель увидит ваши результаты'],
    });
    expect((await start({ display_name: 'Ann\u0000' })).statusCode).toBe(422);
    expect(await tableDigest(t.database.db)).toEqual(before);

    const started = await start({ display_name: '  Ann Lee ' });
    expect(started.statusCode, started.body).toBe(201);
    const session = started.json().data;
    // 15 minutes asked for, but the assignment closes in 10.
    expect(session.deadline - session.started_at).toBe(600_000);
    const row = await t.database.db
      .selectFrom('online_sessions')
      .select(['assignment_id', 'display_name', 'user_id'])
      .where('uuid', '=', session.uuid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ assignment_id: made.id, display_name: 'Ann Lee', user_id: null });
  });

  it('refuses to start before the window, while it waits for the signal, and once closed', async () => {
    const now = t.clock.value;
    const start = async (rules: object) => {
      const made = (await create({ test_id: publishedTest, rules: { ...RULES, ...rules } })).json().data;
      const res = await call(null, {
        method: 'POST',
        url: `/v1/public/assignments/${made.code}/start`,
        payload: { display_name: 'Ann' },
      });
      return [res.statusCode, res.json().message];
    };
    expect(await start({ opens_at: now + 60_000 })).toEqual([409, 'This assignment is not open yet']);
    expect(await start({ start: 'signal' })).toEqual([409, 'This assignment starts when your tutor gives the signal']);
    expect(await start({ opens_at: now - 120_000, closes_at: now - 60_000 })).toEqual([
      409,
      'This assignment is closed: it can no longer be taken',
    ]);
  });

  it('keeps a students-only assignment to signed-in students, within the attempts allowed', async () => {
    const made = (await create({ test_id: publishedTest, rules: { ...RULES, access: 'students', attempts: 1 } })).json()
      .data;
    const start = (who: Who | null) =>
      call(who, { method: 'POST', url: `/v1/public/assignments/${made.code}/start`, payload: { display_name: 'Ann' } });
    expect((await start(null)).statusCode).toBe(401);
    expect((await start('tutor')).statusCode).toBe(403);
    const first = await start('student');
    expect(first.statusCode, first.body).toBe(201);
    const second = await start('student');
    expect([second.statusCode, second.json().message]).toEqual([
      409,
      'You have used all 1 attempts of this assignment',
    ]);
    const row = await t.database.db
      .selectFrom('online_sessions')
      .select(['display_name'])
      .where('uuid', '=', first.json().data.uuid)
      .executeTakeFirstOrThrow();
    // A signed-in taker is shown by the account's name, whatever was typed.
    expect(row.display_name).not.toBe('Ann');
  });

  it('shuffles questions and options per attempt: the same after a reload, another for another attempt, scored the same', async () => {
    const made = (
      await create({ test_id: publishedTest, rules: { ...RULES, shuffle_questions: true, shuffle_options: true } })
    ).json().data;
    const orders = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const session = (
        await call(null, {
          method: 'POST',
          url: `/v1/public/assignments/${made.code}/start`,
          payload: { display_name: `Taker ${i}` },
        })
      ).json().data;
      const read = async () =>
        (
          await call(null, {
            url: `/v1/public/lessons/online/${session.uuid}/blocks/b1?api_token=${session.api_token}`,
          })
        ).json().data as { questions: { id: string; options?: { id: string }[] }[] };
      const block = await read();
      expect(await read()).toEqual(block);
      expect(block.questions.map((q) => q.id).sort()).toEqual(['q1', 'q2', 'q3', 'q4']);
      orders.add(JSON.stringify(block.questions.map((q) => [q.id, q.options?.map((o) => o.id)])));
      if (i === 0) {
        const answers = [
          { question_id: 'q1', value: 'a' },
          { question_id: 'q2', value: ['a', 'b'] },
          { question_id: 'q3', value: 'half' },
          { question_id: 'q4', value: 2.5 },
        ].map((a, n) => ({ ...a, answer_id: `00000000-0000-4000-8000-00000000000${n}`, answered_at: t.clock.value }));
        const sent = await call(null, {
          method: 'POST',
          url: `/v1/public/lessons/online/${session.uuid}/answer?api_token=${session.api_token}`,
          payload: answers,
        });
        expect(sent.statusCode, sent.body).toBeLessThan(300);
        const finished = await call(null, {
          method: 'POST',
          url: `/v1/public/lessons/online/${session.uuid}/finish?api_token=${session.api_token}`,
          payload: { reason: 'manual' },
        });
        expect(finished.statusCode, finished.body).toBe(200);
        const results = await call(null, {
          url: `/v1/public/lessons/online/${session.uuid}/results?api_token=${session.api_token}`,
        });
        expect(results.json().data).toMatchObject({ score: 5, max_score: 5 });
      }
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('shows the tutor every taker: answered n of m, last contact, offline after 30 s, answers their device held unsent', async () => {
    const made = (await create({ test_id: publishedTest, rules: RULES })).json().data;
    const startAs = async (name: string) =>
      (
        await call(null, {
          method: 'POST',
          url: `/v1/public/assignments/${made.code}/start`,
          payload: { display_name: name },
        })
      ).json().data as { uuid: string; api_token: string };
    const ann = await startAs('Ann');
    const bo = await startAs('Bo');
    const heartbeat = (s: { uuid: string; api_token: string }, unsent: unknown) =>
      call(null, {
        method: 'POST',
        url: `/v1/public/lessons/online/${s.uuid}/heartbeat`,
        payload: { api_token: s.api_token, unsent },
      });
    expect((await heartbeat(ann, 3)).statusCode).toBe(200);
    expect((await heartbeat(ann, -1)).statusCode).toBe(422);
    expect((await heartbeat({ ...ann, api_token: 'wrong' }, 1)).statusCode).toBe(401);
    const answers = [
      { question_id: 'q1', value: 'a' },
      { question_id: 'q4', value: 2.5 },
    ].map((a, n) => ({ ...a, answer_id: `10000000-0000-4000-8000-00000000000${n}`, answered_at: t.clock.value }));
    await call(null, {
      method: 'POST',
      url: `/v1/public/lessons/online/${bo.uuid}/answer?api_token=${bo.api_token}`,
      payload: answers,
    });
    const monitor = async () => {
      const res = await call('tutor', { url: `/v1/tutor/assignments/${made.id}/monitor` });
      expect(res.statusCode, res.body).toBe(200);
      // The takers are written by the database as JSON: numbers, booleans and nulls as the contract has them.
      expect(is(res.json().data, AssignmentMonitor), res.body).toBe(true);
      return res.json().data as {
        takers: {
          name: string;
          answered: number;
          offline: boolean;
          status: string;
          unsent_at_last_contact: number | null;
          question_count: number;
        }[];
      };
    };
    const pick = (m: Awaited<ReturnType<typeof monitor>>) =>
      m.takers.map((k) => [k.name, k.status, k.answered, k.question_count, k.offline, k.unsent_at_last_contact]);
    expect(pick(await monitor())).toEqual([
      ['Ann', 'running', 0, 4, false, 3],
      ['Bo', 'running', 2, 4, false, null],
    ]);

    t.clock.advance(31_000);
    await heartbeat(bo, 0);
    expect(pick(await monitor())).toEqual([
      ['Ann', 'running', 0, 4, true, 3],
      ['Bo', 'running', 2, 4, false, 0],
    ]);
    await call(null, {
      method: 'POST',
      url: `/v1/public/lessons/online/${ann.uuid}/finish?api_token=${ann.api_token}`,
      payload: { reason: 'manual' },
    });
    expect(pick(await monitor())[0]).toEqual(['Ann', 'finished', 0, 4, false, 3]);

    expect((await call('otherTutor', { url: `/v1/tutor/assignments/${made.id}/monitor` })).statusCode).toBe(404);
    expect((await call('student', { url: `/v1/tutor/assignments/${made.id}/monitor` })).statusCode).toBe(403);
  });

  it('shows a taker’s name on the monitor exactly as typed, whatever characters it holds', async () => {
    const made = (await create({ test_id: publishedTest, rules: RULES })).json().data;
    const names = ['Олег "Бо" \\ Łódź', '😀 </script><b>x</b>', 'Zoë O’Brien'];
    for (const name of names) {
      const res = await call(null, {
        method: 'POST',
        url: `/v1/public/assignments/${made.code}/start`,
        payload: { display_name: name },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await call('tutor', { url: `/v1/tutor/assignments/${made.id}/monitor` });
    expect(is(res.json().data, AssignmentMonitor), res.body).toBe(true);
    const shown = (res.json().data as AssignmentMonitor).takers.map((taker) => taker.name);
    expect([...shown].sort()).toEqual([...names].sort());
  });

  it('gives the results table, the question analysis and a CSV that spreadsheets read in any language', async () => {
    const made = (await create({ test_id: publishedTest, rules: RULES })).json().data;
    const take = async (name: string, answers: [string, unknown][], finish = true) => {
      const s = (
        await call(null, {
          method: 'POST',
          url: `/v1/public/assignments/${made.code}/start`,
          payload: { display_name: name },
        })
      ).json().data as { uuid: string; api_token: string };
      if (answers.length) {
        const sent = await call(null, {
          method: 'POST',
          url: `/v1/public/lessons/online/${s.uuid}/answer?api_token=${s.api_token}`,
          payload: answers.map(([question_id, value], n) => ({
            question_id,
            value,
            answer_id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
            answered_at: t.clock.value,
          })),
        });
        expect(sent.statusCode, sent.body).toBeLessThan(300);
      }
      if (finish) {
        await call(null, {
          method: 'POST',
          url: `/v1/public/lessons/online/${s.uuid}/finish?api_token=${s.api_token}`,
          payload: { reason: 'manual' },
        });
      }
    };
    await take('Ann', [
      ['q1', 'a'],
      ['q2', ['a', 'b']],
      ['q3', 'half'],
      ['q4', 2.5],
    ]);
    await take('Bo', [
      ['q1', 'b'],
      ['q4', 2.5],
    ]);
    await take('=HYPERLINK("x")', []);
    await take('Dee', [['q1', 'a']], false);

    const results = (await call('tutor', { url: `/v1/tutor/assignments/${made.id}/results` })).json().data;
    expect(
      results.attempts.map((a: { name: string; status: string; score: number | null; percent: number | null }) => [
        a.name,
        a.status,
        a.score,
        a.percent,
      ]),
    ).toEqual([
      ['=HYPERLINK("x")', 'finished', 0, 0],
      ['Ann', 'finished', 5, 100],
      ['Bo', 'finished', 1, 20],
      ['Dee', 'running', null, null],
    ]);
    expect(results.attempts[1]).toMatchObject({
      finish_reason: 'manual',
      late_answers: 0,
      time_used_seconds: 0,
      signed_in: false,
    });

    // Totals 5, 1, 0: the upper group is Ann, the lower the one who answered nothing.
    const analysis = (await call('tutor', { url: `/v1/tutor/assignments/${made.id}/analysis`, language: 'uk' })).json()
      .data;
    expect(analysis.attempts).toBe(3);
    const rows = analysis.questions.map((q: { id: string; facility: number; discrimination: number }) => [
      q.id,
      Math.round(q.facility * 1000) / 1000,
      q.discrimination,
    ]);
    expect(rows).toEqual([
      ['q1', 0.333, 1],
      ['q2', 0.333, 1],
      ['q3', 0.333, 1],
      ['q4', 0.667, 1],
    ]);
    expect(analysis.questions[0]).toMatchObject({
      text: 'Половина від 8?',
      answered: 2,
      options: [
        { id: 'a', text: '4', picked: 1 },
        { id: 'b', text: '2', picked: 1 },
      ],
    });

    const csv = await call('tutor', { url: `/v1/tutor/assignments/${made.id}/results.csv`, language: 'uk' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="results-${made.id}.csv"`);
    const body = csv.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFFІм’я,Бали,З можливих,Відсоток,')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines).toHaveLength(6);
    // A name that a spreadsheet would take for a formula is written as text.
    expect(lines[1]?.startsWith(`"'=HYPERLINK(""x"")",0,5,0,`)).toBe(true);
    expect(lines[2]?.split(',').slice(0, 4)).toEqual(['Ann', '5', '5', '100']);
    expect(lines[4]?.split(',').at(-2)).toBe('ще триває');
    expect((await call('otherTutor', { url: `/v1/tutor/assignments/${made.id}/results.csv` })).statusCode).toBe(404);
  });

  it('starts everyone waiting on the tutor’s signal at one server moment; late arrivals get the time left or the full time', async () => {
    const signalled = async (late: 'time_left' | 'full_time') =>
      (
        await create({
          test_id: publishedTest,
          rules: { ...RULES, start: 'signal', late_start: late, duration_seconds: 600 },
        })
      ).json().data;
    const timeLeft = await signalled('time_left');
    const fullTime = await signalled('full_time');
    const start = (code: string, name: string) =>
      call(null, { method: 'POST', url: `/v1/public/assignments/${code}/start`, payload: { display_name: name } });
    expect((await start(timeLeft.code, 'Ann')).statusCode).toBe(409);
    const signal = (id: string, who: Who = 'tutor') =>
      call(who, { method: 'POST', url: `/v1/tutor/assignments/${id}/start`, payload: {} });
    expect((await signal(timeLeft.id, 'otherTutor')).statusCode).toBe(404);
    const given = await signal(timeLeft.id);
    expect(given.json().data).toMatchObject({ state: 'open', started_at: t.clock.value });
    await signal(fullTime.id);
    const signalAt = t.clock.value;

    t.clock.advance(30_000);
    const ann = (await start(timeLeft.code, 'Ann')).json().data;
    t.clock.advance(10_000);
    const bo = (await start(timeLeft.code, 'Bo')).json().data;
    const cy = (await start(fullTime.code, 'Cy')).json().data;
    // Whenever they arrived, their time counts from the signal; Cy was given the full time.
    expect([ann.deadline, bo.deadline]).toEqual([signalAt + 600_000, signalAt + 600_000]);
    expect(cy.deadline).toBe(t.clock.value + 600_000);
    // A second signal moves nobody's time.
    expect((await signal(timeLeft.id)).json().data.started_at).toBe(signalAt);

    t.clock.advance(600_000);
    const over = await start(timeLeft.code, 'Dee');
    expect([over.statusCode, over.json().message]).toEqual([409, 'The time of this assignment is over']);
    const byWindow = (await create({ test_id: publishedTest, rules: RULES })).json().data;
    expect((await signal(byWindow.id)).statusCode).toBe(409);
  });
});
