/**
 * A session names the languages its test is written in, the primary one first, so that a taker's
 * device knows what language the questions reach them in (read-aloud speaks that one): a Polish
 * test taken in a Ukrainian interface is shown, and read, in Polish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';
import { oneBlockDraft } from '../../test/one-block-draft.ts';
import { takerCalls } from '../../test/taker-calls.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';

let t: TestApp;
let callers: Callers;
const call: Callers['call'] = (who, options) => callers.call(who, options);
const { assign } = takerCalls(call, () => t.clock.value);

beforeAll(async () => {
  t = await createTestApp();
  callers = await tutorCallers(t.app);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A published test of one question in `languages` (each text written in each), given: its code. */
async function given(languages: ('pl' | 'en' | 'uk')[]): Promise<string> {
  const text = (words: string) => Object.fromEntries(languages.map((l) => [l, `${words} (${l})`]));
  const question = { id: 'q1', type: 'number' as const, points: 1, correct_number: 2, tolerance: 0 };
  const draft = oneBlockDraft('', [], {
    title: text('Liczby'),
    description: text('Liczby'),
    languages,
    blocks: [{ id: 'b1', title: text('Blok'), questions: [{ ...question, text: text('1 + 1?') }] }],
  });
  const { id } = await t.app.tutorTests.create(callers.users.tutor.id, languages[0] ?? 'en', draft);
  await t.app.tutorTests.publish(callers.users.tutor.id, id);
  return (await assign(id)).code;
}

const startIn = async (code: string, language: string) => {
  const res = await call(null, {
    method: 'POST',
    url: `/v1/public/assignments/${code}/start`,
    payload: { display_name: 'Ola' },
    language,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { uuid: string; api_token: string; languages?: string[]; lesson: { title: string } };
};

describe(`a session's languages on ${dialectName}`, () => {
  it('are those of its test, the primary one first, whatever the language it is started in', async () => {
    const polish = await startIn(await given(['pl']), 'uk');
    expect(polish.languages).toEqual(['pl']);
    // Shown in Polish, the one language it has: what the device then reads aloud in.
    expect(polish.lesson.title).toBe('Liczby (pl)');
    const state = await call(null, {
      url: `/v1/public/lessons/online/${polish.uuid}?api_token=${polish.api_token}`,
      language: 'uk',
    });
    expect(state.json().data.languages).toEqual(['pl']);

    const two = await startIn(await given(['en', 'uk']), 'pl');
    expect(two.languages).toEqual(['en', 'uk']);
  });

  it('are all four for a catalog lesson written in all of them', async () => {
    const res = await call(null, { method: 'POST', url: '/v1/public/lessons/fixture-sums/start', payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    expect([...(res.json().data.languages as string[])].sort()).toEqual(['en', 'pl', 'ru', 'uk']);
  });
});
