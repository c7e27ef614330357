/**
 * The analysis through the API: the test's figures (alpha, KR-20, the standard error), the
 * distractor analysis and flags, a pool's positions, and the analysis CSV in the tutor's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAINEST_RULES } from '../../../contract/assignments.ts';
import type { DraftQuestion, TestDraft } from '../../../contract/tutor-tests.ts';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';

let t: TestApp;
let callers: Callers;
const call: Callers['call'] = (who, options) => callers.call(who, options);

const single = (n: number): DraftQuestion => ({
  id: `q${n}`,
  type: 'single',
  points: 1,
  text: { en: `Question ${n}`, uk: `Питання ${n}` },
  options: ['a', 'b', 'c'].map((id) => ({ id, text: { en: id.toUpperCase(), uk: id.toUpperCase() } })),
  correct_option: 'a',
});

const draft = (blocks: TestDraft['blocks']): TestDraft => ({
  title: { en: 'Analysed', uk: 'Аналіз' },
  description: { en: 'Figures', uk: 'Показники' },
  subject: null,
  specialization: null,
  duration_seconds: 600,
  languages: ['en', 'uk'],
  blocks,
});

interface Taker {
  uuid: string;
  api_token: string;
}
const session = (k: Taker, path = '') => `/v1/public/lessons/online/${k.uuid}${path}?api_token=${k.api_token}`;

/** Publishes the draft, gives it, and has each taker answer (question → value) and finish. */
async function takenBy(test: TestDraft, takers: [string, (asked: string[]) => [string, unknown][]][]) {
  const tutorId = callers.users.tutor.id;
  const made = await t.app.tutorTests.create(tutorId, 'en', test);
  await t.app.tutorTests.publish(tutorId, made.id);
  const assignment = (
    await call('tutor', {
      method: 'POST',
      url: '/v1/tutor/assignments',
      payload: { test_id: made.id, rules: { ...PLAINEST_RULES, attempts: 1 } },
    })
  ).json().data as { id: string; code: string };
  for (const [name, answers] of takers) {
    const k = (
      await call(null, {
        method: 'POST',
        url: `/v1/public/assignments/${assignment.code}/start`,
        payload: { display_name: name },
      })
    ).json().data as Taker;
    const state = (await call(null, { url: session(k) })).json().data;
    // A pool's draw is in the sealed key's order; a test without one asks what the answers name.
    const asked = state.sealed?.order?.flatMap((o: { questions: string[] }) => o.questions) ?? [];
    const given = answers(asked);
    if (given.length) {
      const res = await call(null, {
        method: 'POST',
        url: session(k, '/answer'),
        payload: given.map(([question_id, value], n) => ({
          answer_id: `${k.uuid.slice(0, 8)}-0000-4000-8000-${String(n).padStart(12, '0')}`,
          question_id,
          value,
          answered_at: t.clock.value,
        })),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await call(null, { method: 'POST', url: session(k, '/finish'), payload: { reason: 'manual' } });
  }
  return assignment.id;
}

const picks = (letters: string) => () =>
  [...letters].map((letter, i): [string, unknown] => [`q${i + 1}`, letter]).filter(([, l]) => l !== '-');

beforeAll(async () => {
  t = await createTestApp();
  callers = await tutorCallers(t.app);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe(`the analysis's figures on ${dialectName}`, () => {
  it('gives alpha, KR-20 and the standard error, the distractor shares and the flags worked out by hand', async () => {
    // Right (a) or wrong per question; Hal answers nothing.
    const id = await takenBy(
      draft([{ id: 'b1', title: { en: 'All', uk: 'Усі' }, questions: [1, 2, 3, 4].map(single) }]),
      [
        ['Ann', picks('aaab')],
        ['Bo', picks('aaac')],
        ['Cy', picks('aaba')],
        ['Di', picks('abab')],
        ['Ed', picks('bcba')],
        ['Fay', picks('caca')],
        ['Gus', picks('aaaa')],
        ['Hal', picks('----')],
      ],
    );
    const analysis = (await call('tutor', { url: `/v1/tutor/assignments/${id}/analysis` })).json().data;
    // Totals 3, 3, 3, 2, 1, 2, 4, 0: sum 18, squares 52, V(T) = (52 − 18²/8) / 7 = 23/14.
    // Right per question 5, 5, 4, 4 of 8: item variances 15/56, 15/56, 2/7, 2/7, sum 31/28.
    // α = 4/3 · (1 − (31/28) / (23/14)) = 10/23; KR-20 the same (one-point questions);
    // SEM = √(23/14) · √(1 − 10/23) = √(13/14).
    expect(analysis.test).toMatchObject({ attempts: 8, positions: 4, max_score: 4, mean: 2.25, median: 2.5 });
    expect(analysis.test.alpha).toBeCloseTo(10 / 23, 10);
    expect(analysis.test.kr20).toBeCloseTo(10 / 23, 10);
    expect(analysis.test.sd).toBeCloseTo(Math.sqrt(23 / 14), 10);
    expect(analysis.test.sem).toBeCloseTo(Math.sqrt(13 / 14), 10);
    expect([...analysis.test.percents].sort((a: number, b: number) => a - b)).toEqual([0, 25, 50, 50, 75, 75, 75, 100]);

    // Groups of ⌈27 % of 8⌉ = 3, ties with the third included: upper Gus, Ann, Bo, Cy (4 and 3s);
    // lower Hal, Ed, Di, Fay (0, 1 and 2s). Question 4: half of each group right: near zero.
    const q4 = analysis.questions.find((q: { id: string }) => q.id === 'q4');
    expect(q4).toMatchObject({ discrimination: 0, flag: 'near_zero' });
    expect(q4.options).toEqual([
      { id: 'a', text: 'A', picked: 4, upper: 0.5, lower: 0.5 },
      { id: 'b', text: 'B', picked: 2, upper: 0.25, lower: 0.25 },
      { id: 'c', text: 'C', picked: 1, upper: 0.25, lower: 0 },
    ]);
    // Question 1: all of the upper right, one of the lower (Di): 1 − 1/4 = 0.75, no flag.
    const q1 = analysis.questions.find((q: { id: string }) => q.id === 'q1');
    expect(q1).toMatchObject({ discrimination: 0.75 });
    expect(q1).not.toHaveProperty('flag');

    const csv = await call('tutor', { url: `/v1/tutor/assignments/${id}/analysis.csv`, language: 'uk' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="analysis-${id}.csv"`);
    const body = csv.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFFПоказник,Значення\r\n')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines).toContain('Альфа Кронбаха,0.435');
    expect(lines).toContain('KR-20,0.435');
    expect(lines).toContain('Стандартна похибка вимірювання,0.96');
    const q4Row = lines.findIndex((l) => l.includes(',Питання 4,'));
    expect(lines[q4Row]).toMatch(/,single,1,8,7,50,0,розрізнювальна здатність близька до нуля,,,,$/);
    expect(lines.slice(q4Row + 1, q4Row + 4).map((l) => l.split(',').slice(2).join())).toEqual([
      'A,,,,,,,,,4,50,50',
      'B,,,,,,,,,2,25,25',
      'C,,,,,,,,,1,25,0',
    ]);
    expect((await call('otherTutor', { url: `/v1/tutor/assignments/${id}/analysis.csv` })).statusCode).toBe(404);
  });

  it('counts a pool by positions: every taker answers as many at each place', async () => {
    const number = (n: number): DraftQuestion => ({
      id: `p${n}`,
      type: 'number',
      points: 1,
      text: { en: `Type ${n}`, uk: `Введіть ${n}` },
      correct_number: n,
      tolerance: 0,
    });
    const pooled = draft([
      {
        id: 'pool',
        title: { en: 'Pool', uk: 'Пул' },
        questions: [1, 2, 3, 4, 5, 6].map(number),
        draw: { count: 2, by_points: false },
      },
      { id: 'fixed', title: { en: 'Everyone', uk: 'Усі' }, questions: [number(100)] },
    ]);
    // Each answers right the first `n` questions they drew, in the test's order (a device may show
    // them shuffled; positions follow the test).
    const right = (n: number) => (asked: string[]) =>
      asked
        .map((q) => Number(q.slice(1)))
        .sort((a, b) => a - b)
        .slice(0, n)
        .map((value): [string, unknown] => [`p${value}`, value]);
    const id = await takenBy(pooled, [
      ['Ann', right(3)],
      ['Bo', right(2)],
      ['Cy', right(1)],
      ['Di', right(0)],
      ['Ed', right(3)],
    ]);
    const analysis = (await call('tutor', { url: `/v1/tutor/assignments/${id}/analysis` })).json().data;
    // Positions: pool first, pool second, the fixed question. Right by position: 4, 3, 2 of 5;
    // totals 3, 2, 1, 0, 3 (sum 9, squares 23): V(T) = (23 − 81/5) / 4 = 1.7; item variances
    // 5·(4/5)(1/5)/4 = 0.2, 5·(3/5)(2/5)/4 = 0.3, 0.3: α = 3/2 · (1 − 0.8/1.7) = 3/2 · 9/17 = 27/34.
    expect(analysis.test).toMatchObject({ attempts: 5, positions: 3, max_score: 3 });
    expect(analysis.test.alpha).toBeCloseTo(27 / 34, 10);
  });
});
