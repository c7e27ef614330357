/**
 * Essays through the server: what their taker is sent, an attempt awaiting marking (the taker's
 * results, the tutor's table, CSVs and analysis), the marking sheet (anonymous or not), marks and
 * their changes in the change log, a re-score that leaves hand marks alone, and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

function draft(correct = 'a'): TestDraft {
  return {
    title: en('Essays'),
    description: en('Written answers'),
    subject: null,
    specialization: null,
    duration_seconds: 600,
    languages: ['en'],
    blocks: [
      {
        id: 'b1',
        title: en('Write'),
        questions: [
          {
            id: 'q1',
            type: 'single',
            points: 1,
            text: en('2 + 2?'),
            options: [
              { id: 'a', text: en('4') },
              { id: 'b', text: en('5') },
            ],
            correct_option: correct,
          },
          { id: 'e1', type: 'essay', points: 5, text: en('Describe Kyiv'), min_words: 3, max_words: 40 },
          { id: 'e2', type: 'essay', points: 3, text: en('Describe Warsaw'), min_words: null, max_words: null },
        ],
      },
    ],
  };
}

beforeAll(async () => {
  t = await createTestApp();
  callers = await tutorCallers(t.app);
  testId = (await t.app.tutorTests.create(callers.users.tutor.id, 'en', draft())).id;
  await t.app.tutorTests.publish(callers.users.tutor.id, testId);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const KYIV = 'Kyiv lies on the Dnipro.\nIt is old.';
const tutor = (url: string, extra: object = {}) => call('tutor', { url: `/v1/tutor/assignments/${url}`, ...extra });
const mark = (id: string, taker: Taker, question: string, points: number, comment?: string | null, who = 'tutor') =>
  call(who as 'tutor', {
    method: 'PUT',
    url: `/v1/tutor/assignments/${id}/marks/${taker.uuid}/${question}`,
    payload: { points, ...(comment === undefined ? {} : { comment }) },
  });

/** An assignment with one taker who chose right and wrote both essays (the second as given). */
async function finishedWith(rules: object = {}, second = 'Warsaw is on the Vistula.', name = 'Ann Lee') {
  const made = await assign(testId, rules);
  const taker = await startAs(made.code, name);
  const res = await answer(taker, [
    { question_id: 'q1', value: 'a' },
    { question_id: 'e1', value: KYIV },
    { question_id: 'e2', value: second },
  ]);
  expect(res.json().data.results.map((r: { status: number }) => r.status)).toEqual([201, 201, 201]);
  expect((await finish(taker)).statusCode).toBe(200);
  return { made, taker };
}

describe(`essays marked by hand on ${dialectName}`, () => {
  it('sends the essay with its word limits and nothing else, and keeps a written answer whole', async () => {
    const made = await assign(testId);
    const taker = await startAs(made.code, 'Bo');
    const block = (
      await call(null, { url: `/v1/public/lessons/online/${taker.uuid}/blocks/b1?api_token=${taker.api_token}` })
    ).json().data;
    expect(block.questions.slice(1)).toEqual([
      { id: 'e1', type: 'essay', text: 'Describe Kyiv', points: 5, min_words: 3, max_words: 40 },
      { id: 'e2', type: 'essay', text: 'Describe Warsaw', points: 3 },
    ]);
    const long = `${'Слово '.repeat(3332)}кінець`;
    expect(long.length).toBeLessThanOrEqual(20_000);
    const sent = await answer(taker, [{ question_id: 'e1', value: long }]);
    expect(sent.json().data.results[0].status).toBe(201);
    const refused = await answer(taker, [{ question_id: 'q1', value: 'a\nb' }], '');
    expect(refused.json().data.results[0]).toMatchObject({ status: 422 });
    const [stored] = await t.database.db
      .selectFrom('answers')
      .select('value')
      .where('session_uuid', '=', taker.uuid)
      .execute();
    expect(JSON.parse(stored?.value ?? '""')).toBe(long);
  });

  it('shows an attempt with written answers as awaiting marking, to the taker and in the tutor’s results', async () => {
    const { made, taker } = await finishedWith();
    const mine = (await results(taker)).json().data;
    expect(mine).toMatchObject({ score: 1, max_score: 9, awaiting_marks: 2 });
    const [, e1] = mine.blocks[0].questions;
    expect(e1).toMatchObject({ marking: 'awaiting', score: null, correct: null, correct_answer: null, given: KYIV });
    const table = (await tutor(`${made.id}/results`)).json().data.attempts;
    expect(table).toMatchObject([{ score: 1, awaiting_marks: 2, status: 'finished' }]);
    const csv = (await tutor(`${made.id}/results.csv`)).body;
    expect(csv.split('\r\n')[0]).toContain('Marking');
    expect(csv.split('\r\n')[1]).toContain('awaiting marking: 2');
    const analysis = (await tutor(`${made.id}/analysis`)).json().data.questions;
    expect(analysis.find((q: { id: string }) => q.id === 'e1')).toMatchObject({ pending: 1, attempts: 0 });
    expect(analysis.find((q: { id: string }) => q.id === 'q1')).not.toHaveProperty('pending');
  });

  it('gives an empty essay nothing and no marking to wait for', async () => {
    const { made, taker } = await finishedWith({}, '   \n ');
    const mine = (await results(taker)).json().data;
    expect(mine.awaiting_marks).toBe(1);
    expect(mine.blocks[0].questions[2]).toMatchObject({ score: 0, answered: true });
    expect(mine.blocks[0].questions[2]).not.toHaveProperty('marking');
    const sheet = (await tutor(`${made.id}/marking`)).json().data;
    expect(sheet.answers.map((a: { question: string }) => a.question)).toEqual(['e1']);
  });

  it('hides names until marked when asked, counts words, and names every taker by a number of its own', async () => {
    const { made, taker } = await finishedWith();
    const hidden = (await tutor(`${made.id}/marking?anonymous=1`)).json().data;
    expect(hidden.anonymous).toBe(true);
    expect(hidden.questions).toEqual([
      { id: 'e1', text: 'Describe Kyiv', points: 5, min_words: 3, max_words: 40 },
      { id: 'e2', text: 'Describe Warsaw', points: 3 },
    ]);
    expect(hidden.answers).toEqual([
      { session: taker.uuid, question: 'e1', name: null, taker: 1, text: KYIV, words: 8, mark: null },
      {
        session: taker.uuid,
        question: 'e2',
        name: null,
        taker: 1,
        text: 'Warsaw is on the Vistula.',
        words: 5,
        mark: null,
      },
    ]);
    expect(JSON.stringify(hidden)).not.toContain('Ann Lee');
    expect((await mark(made.id, taker, 'e1', 4)).statusCode).toBe(200);
    const after = (await tutor(`${made.id}/marking?anonymous=1`)).json().data.answers;
    expect(after.map((a: { name: string | null }) => a.name)).toEqual(['Ann Lee', null]);
    const named = (await tutor(`${made.id}/marking`)).json().data.answers;
    expect(named.map((a: { name: string | null }) => a.name)).toEqual(['Ann Lee', 'Ann Lee']);
  });

  it('makes the result final with the last mark, logs every mark and change, and shows comments as the rules allow', async () => {
    const { made, taker } = await finishedWith();
    const first = await mark(made.id, taker, 'e1', 2.5, 'Good start.');
    expect(first.json().data).toMatchObject({
      score: 3.5,
      awaiting_marks: 1,
      mark: { points: 2.5, comment: 'Good start.' },
    });
    expect((await results(taker)).json().data).toMatchObject({ score: 3.5, awaiting_marks: 1 });
    const last = await mark(made.id, taker, 'e2', 3, '  ');
    expect(last.json().data).toMatchObject({ score: 6.5, awaiting_marks: 0, mark: { comment: null } });
    const changed = await mark(made.id, taker, 'e1', 4, 'Better on a second read.');
    expect(changed.json().data).toMatchObject({ score: 8, awaiting_marks: 0 });
    const final = (await results(taker)).json().data;
    expect(final).toMatchObject({ score: 8, max_score: 9 });
    expect(final).not.toHaveProperty('awaiting_marks');
    expect(final.blocks[0].questions[1]).toMatchObject({
      marking: 'marked',
      score: 4,
      comment: 'Better on a second read.',
    });
    const log = (await tutor(`${made.id}/changes`)).json().data.filter((c: { kind: string }) => c.kind === 'mark');
    // All three at the test clock's one instant: their order among themselves is not what is tested.
    expect(log).toHaveLength(3);
    expect(log.map((c: { detail: string }) => JSON.parse(c.detail))).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          question: 'e1',
          before: { points: 2.5, comment: 'Good start.' },
          after: { points: 4, comment: 'Better on a second read.' },
        }),
        expect.objectContaining({ question: 'e2', before: null, after: { points: 3, comment: null } }),
        expect.objectContaining({ question: 'e1', before: null, after: { points: 2.5, comment: 'Good start.' } }),
      ]),
    );
    const csv = (await tutor(`${made.id}/answers.csv`)).body;
    expect(csv).toContain('"Kyiv lies on the Dnipro.\nIt is old."');
    expect(csv).toContain('Better on a second read.');
    // Answers shown without marks: the essay's state is said, its comment is not.
    const { made: quiet, taker: other } = await finishedWith({ review: 'answers' }, 'Warsaw.', 'Cy');
    await mark(quiet.id, other, 'e1', 1, 'Too short.');
    const shown = (await results(other)).json().data.blocks[0].questions[1];
    expect(shown).toMatchObject({ marking: 'marked', score: null, comment: null });
  });

  it('refuses a mark above the points, on a running attempt, on an answer not written, and another tutor’s', async () => {
    const { made, taker } = await finishedWith({}, '');
    const above = await mark(made.id, taker, 'e1', 5.5);
    expect(above.statusCode).toBe(400);
    expect(above.json().errors.points[0]).toMatch(/at most the question’s 5 points/);
    expect((await mark(made.id, taker, 'e2', 1)).statusCode).toBe(404);
    expect((await mark(made.id, taker, 'q1', 1)).statusCode).toBe(404);
    expect((await mark(made.id, taker, 'e1', 1, null, 'otherTutor')).statusCode).toBe(404);
    const running = await startAs(made.code, 'Di');
    expect((await mark(made.id, running, 'e1', 1)).statusCode).toBe(409);
    expect(
      await t.database.db.selectFrom('hand_marks').selectAll().where('session_uuid', '=', taker.uuid).execute(),
    ).toEqual([]);
  });

  it('keeps every mark of marks given at once to one attempt', async () => {
    const { made, taker } = await finishedWith();
    const [a, b] = await Promise.all([mark(made.id, taker, 'e1', 5), mark(made.id, taker, 'e2', 2)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await results(taker)).json().data).toMatchObject({ score: 8 });
  });

  it('shows a signed-in taker’s account awaiting, then final; a practice attempt’s essay as never marked', async () => {
    const made = await assign(testId);
    const signedIn = await call('student', {
      method: 'POST',
      url: `/v1/public/assignments/${made.code}/start`,
      payload: { display_name: 'Stu' },
    });
    const taker = signedIn.json().data as Taker;
    await answer(taker, [{ question_id: 'e1', value: KYIV }]);
    await finish(taker);
    const account = async () =>
      (await call('student', { url: '/v1/profile/completed-tests' }))
        .json()
        .data.find((r: { uuid: string }) => r.uuid === taker.uuid);
    expect(await account()).toMatchObject({ score: 0, awaiting_marks: 1 });
    await mark(made.id, taker, 'e1', 5);
    const final = await account();
    expect(final).toMatchObject({ score: 5 });
    expect(final).not.toHaveProperty('awaiting_marks');
    const mine = (await call('student', { url: '/v1/profile/assignments' })).json().data;
    expect(mine.find((a: { code: string }) => a.code === made.code).attempts[0]).toMatchObject({ score: 5 });

    const preview = (
      await call('tutor', { method: 'POST', url: `/v1/tutor/tests/${testId}/preview`, payload: {} })
    ).json().data as Taker;
    await answer(preview, [{ question_id: 'e1', value: KYIV }]);
    await finish(preview);
    const practised = (await results(preview)).json().data;
    expect(practised).not.toHaveProperty('awaiting_marks');
    expect(practised.blocks[0].questions[1]).toMatchObject({ marking: 'unmarked', score: 0 });
  });

  it('leaves hand marks alone when a key fix is re-scored', async () => {
    const { made, taker } = await finishedWith();
    await mark(made.id, taker, 'e1', 3);
    const saved = await t.app.tutorTests.get(callers.users.tutor.id, testId);
    await t.app.tutorTests.save(callers.users.tutor.id, testId, saved.revision, draft('b'));
    await t.app.tutorTests.publish(callers.users.tutor.id, testId);
    const report = (await tutor(`${made.id}/rescore`, { method: 'POST', payload: {} })).json().data;
    expect(report.changed).toEqual([expect.objectContaining({ old_score: 4, new_score: 3 })]);
    expect((await results(taker)).json().data).toMatchObject({ score: 3, awaiting_marks: 1 });
    await t.app.tutorTests.save(
      callers.users.tutor.id,
      testId,
      (await t.app.tutorTests.get(callers.users.tutor.id, testId)).revision,
      draft(),
    );
    await t.app.tutorTests.publish(callers.users.tutor.id, testId);
  });
});
