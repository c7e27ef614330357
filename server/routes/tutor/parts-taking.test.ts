/**
 * Matching and ordering through the server: what their taker is sent (never the key; an ordering's
 * items never already in order), the values refused with their reasons, partial credit in the
 * results, the answers CSV and the analysis part by part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayloadKey } from '../../../contract/payload-keys.ts';
import { inAttemptOrder, openSealedPayload } from '../../../contract/sealed-payload.ts';
import type { TestDraft } from '../../../contract/tutor-tests.ts';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';
import { type Taker, takerCalls } from '../../test/taker-calls.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';

let t: TestApp;
let callers: Callers;
let testId = '';
const call: Callers['call'] = (who, options) => callers.call(who, options);
const { assign, startAs, answer, finish, results } = takerCalls(call, () => t.clock.value);

const en = (text: string) => ({ en: text });
const list = (ids: string[], texts: string[]) => texts.map((text, at) => ({ id: ids[at] as string, text: en(text) }));

function draft(): TestDraft {
  return {
    title: en('Parts'),
    description: en('Matching and ordering'),
    subject: null,
    specialization: null,
    duration_seconds: 600,
    languages: ['en'],
    blocks: [
      {
        id: 'b1',
        title: en('Both'),
        questions: [
          {
            id: 'q1',
            type: 'matching',
            points: 3,
            text: en('Capitals'),
            prompts: list(['p1', 'p2', 'p3'], ['Poland', 'Ukraine', 'Czechia']),
            options: list(['a', 'b', 'c', 'd'], ['Warsaw', 'Kyiv', 'Prague', 'Bratislava']),
            matches: { p1: 'a', p2: 'b', p3: 'c' },
          },
          {
            id: 'q2',
            type: 'ordering',
            points: 2,
            text: en('From the Sun'),
            options: list(['a', 'b', 'c'], ['Mercury', 'Venus', 'Earth']),
            marking: 'position',
          },
          {
            id: 'q3',
            type: 'gaps',
            points: 2,
            text: en('Fill in'),
            passage: en('Rome is in [[country]]; 2 + 2 = [[sum]].'),
            gaps: [
              { id: 'country', kind: 'text', accepted: { en: ['Italy'] }, case_sensitive: false },
              { id: 'sum', kind: 'number', correct_number: 4, tolerance: 0 },
            ],
          },
        ],
      },
    ],
  };
}

beforeAll(async () => {
  t = await createTestApp();
  callers = await tutorCallers(t.app);
  const tutorId = callers.users.tutor.id;
  testId = (await t.app.tutorTests.create(tutorId, 'en', draft())).id;
  await t.app.tutorTests.publish(tutorId, testId);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const block = async (taker: Taker) =>
  (
    await call(null, {
      url: `/v1/public/lessons/online/${taker.uuid}/blocks/b1?api_token=${taker.api_token}`,
    })
  ).json().data;

describe(`matching and ordering through the server on ${dialectName}`, () => {
  it('sends prompts and shuffled answers without the key, and items never already in order', async () => {
    const made = await assign(testId);
    for (let n = 0; n < 12; n++) {
      const taker = await startAs(made.code, `Taker ${n}`);
      const [matching, ordering, gaps] = (await block(taker)).questions;
      expect(gaps).toEqual({
        id: 'q3',
        type: 'gaps',
        text: 'Fill in',
        points: 2,
        passage: 'Rome is in [[country]]; 2 + 2 = [[sum]].',
        gaps: [
          { id: 'country', kind: 'text' },
          { id: 'sum', kind: 'number' },
        ],
      });
      expect(matching.prompts.map((p: { text: string }) => p.text)).toEqual(['Poland', 'Ukraine', 'Czechia']);
      expect(matching.options.map((o: { id: string }) => o.id).sort()).toEqual(['a', 'b', 'c', 'd']);
      expect(JSON.stringify(matching)).not.toContain('correct');
      expect(ordering.options.map((o: { id: string }) => o.id)).not.toEqual(['a', 'b', 'c']);
      expect(ordering.options.map((o: { id: string }) => o.id).sort()).toEqual(['a', 'b', 'c']);
    }
  });

  it('draws each attempt its own answers list and ordering start without shuffling, the same on every read', async () => {
    const made = await assign(testId);
    const ids = (question: { options: { id: string }[] }) => question.options.map((o) => o.id).join(',');
    const lists = new Set<string>();
    const starts = new Set<string>();
    const arrangements = new Map<string, string>();
    for (let n = 0; n < 20; n++) {
      const taker = await startAs(made.code, `Neighbour ${n}`);
      const [matching, ordering] = (await block(taker)).questions;
      lists.add(ids(matching));
      starts.add(ids(ordering));
      expect(ids(ordering)).not.toBe('a,b,c');
      arrangements.set(taker.uuid, `${ids(matching)}|${ids(ordering)}`);
      // Another device (or a reload) reads the same: through the block route and through the
      // sealed payload every device keeps, put in the order the session's state hands out.
      const [again, againOrdering] = (await block(taker)).questions;
      expect(`${ids(again)}|${ids(againOrdering)}`).toBe(arrangements.get(taker.uuid));
      const state = await call(null, { url: `/v1/public/lessons/online/${taker.uuid}?api_token=${taker.api_token}` });
      const key = state.json().data.sealed as PayloadKey;
      const payload = (await call(null, { url: `/v1/public/lesson-versions/${key.version}/payload/en` })).json().data;
      const [opened] = inAttemptOrder(await openSealedPayload(payload, key), key.order);
      expect(opened?.questions).toEqual((await block(taker)).questions);
    }
    // Neighbours do not all see one arrangement.
    expect(lists.size).toBeGreaterThan(1);
    expect(starts.size).toBeGreaterThan(1);
  });

  it('refuses values the types cannot take, each with its reason, and stores nothing of them', async () => {
    const taker = await startAs((await assign(testId)).code, 'Bad');
    const cases: [string, unknown, string][] = [
      ['q1', { p9: 'a' }, 'That prompt does not exist'],
      ['q1', { p1: 'z' }, 'That option does not exist'],
      ['q1', ['a', 'b'], 'Send each prompt with the id of the answer matched to it'],
      ['q2', ['a', 'b'], 'Put every item in the order, each once'],
      ['q2', ['a', 'a', 'b'], 'Put every item in the order, each once'],
      ['q2', { a: 'b' }, 'Send the items’ ids in your order'],
      ['q3', { sum: '4' }, 'A gap got an answer of another kind: a text, a number or one of its options'],
      ['q3', { ocean: 'x' }, 'That gap does not exist'],
    ];
    for (const [question_id, value, said] of cases) {
      const res = await answer(taker, [{ question_id, value }]);
      expect(res.statusCode).toBe(200);
      const [result] = res.json().data.results;
      expect(result.status, JSON.stringify(value)).toBe(422);
      expect(JSON.stringify(result)).toContain(said);
    }
    expect((await block(taker)).questions).toHaveLength(3);
    const state = await call(null, { url: `/v1/public/lessons/online/${taker.uuid}?api_token=${taker.api_token}` });
    expect(state.json().data.answered).toEqual([]);
  });

  it('gives partial credit in the results, reads each answer in the CSV and gives each pair its facility', async () => {
    const made = await assign(testId);
    const ann = await startAs(made.code, 'Ann');
    const bo = await startAs(made.code, 'Bo');
    // Ann: two pairs of three right, Mercury and Earth swapped (one item of three in place).
    expect(
      (
        await answer(ann, [
          { question_id: 'q1', value: { p1: 'a', p2: 'b', p3: 'd' } },
          { question_id: 'q2', value: ['c', 'b', 'a'] },
          { question_id: 'q3', value: { country: ' italy ', sum: 5 } },
        ])
      ).statusCode,
    ).toBe(200);
    // Bo: one pair right, the order right.
    await answer(bo, [
      { question_id: 'q1', value: { p1: 'a' } },
      { question_id: 'q2', value: ['a', 'b', 'c'] },
    ]);
    await finish(ann);
    await finish(bo);
    const [matching, ordering, gaps] = (await results(ann)).json().data.blocks[0].questions;
    expect(gaps).toMatchObject({ score: 1, correct_answer: { country: 'Italy', sum: 4 } });
    expect(matching).toMatchObject({ score: 2, correct: false, correct_answer: { p1: 'a', p2: 'b', p3: 'c' } });
    expect(matching.prompts.map((p: { text: string }) => p.text)).toEqual(['Poland', 'Ukraine', 'Czechia']);
    expect(ordering).toMatchObject({ score: 0.67, correct: false, correct_answer: ['a', 'b', 'c'] });

    const csv = await call('tutor', { url: `/v1/tutor/assignments/${made.id}/answers.csv` });
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.find((l) => l.startsWith('Ann,1,'))).toContain(
      '"Poland → Warsaw; Ukraine → Kyiv; Czechia → Bratislava",no,2,3,',
    );
    expect(lines.find((l) => l.startsWith('Ann,3,'))).toContain('"1.  italy ; 2. 5",no,1,2,');
    expect(lines.find((l) => l.startsWith('Ann,2,'))).toContain(',"1. Earth; 2. Venus; 3. Mercury",no,0.67,2,');

    const analysis = (await call('tutor', { url: `/v1/tutor/assignments/${made.id}/analysis` })).json().data;
    const byId = new Map(analysis.questions.map((q: { id: string }) => [q.id, q]));
    expect(byId.get('q1')).toMatchObject({
      parts: [
        { id: 'p1', text: 'Poland', facility: 1 },
        { id: 'p2', text: 'Ukraine', facility: 0.5 },
        { id: 'p3', text: 'Czechia', facility: 0 },
      ],
    });
    expect(byId.get('q3')).toMatchObject({
      parts: [
        { id: 'country', text: 'Rome is in ___', facility: 0.5 },
        { id: 'sum', text: '…2 + 2 = ___', facility: 0 },
      ],
    });
    // An ordering's items are not picked: no option counts, no parts.
    expect(byId.get('q2')).not.toHaveProperty('options');
    expect(byId.get('q2')).not.toHaveProperty('parts');
  });
});
