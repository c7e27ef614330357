import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DraftQuestion, TestDraft, TutorTest } from '../../../contract/tutor-tests.ts';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';
import { completeDraft } from './draft-fixture.ts';

let t: TestApp;
let callers: Callers;

beforeAll(async () => {
  t = await createTestApp();
  callers = await tutorCallers(t.app);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** The complete draft with a gaps question whose first gap weighs `weight` (none: no field). */
function weighted(weight?: number): TestDraft {
  const draft = completeDraft();
  const question: DraftQuestion = {
    id: 'q-gaps',
    type: 'gaps',
    points: 3,
    text: { en: 'Fill in.', uk: 'Заповніть.' },
    passage: { en: 'Half of 8 is [[g1]], of 6 [[g2]].', uk: 'Половина від 8 — [[g1]], від 6 — [[g2]].' },
    gaps: [
      { id: 'g1', kind: 'number', correct_number: 4, tolerance: 0, ...(weight === undefined ? {} : { weight }) },
      { id: 'g2', kind: 'number', correct_number: 3, tolerance: 0 },
    ],
  };
  draft.blocks[0]?.questions.push(question);
  return draft;
}

describe(`a gap's weight in a saved draft on ${dialectName}`, () => {
  it('is kept as the editor sends it, and one out of 1 to 100 is refused at its field', async () => {
    const made: TutorTest = (
      await callers.call('tutor', { method: 'POST', url: '/v1/tutor/tests', payload: {} })
    ).json().data;
    const put = (draft: TestDraft, revision: number) =>
      callers.call('tutor', { method: 'PUT', url: `/v1/tutor/tests/${made.id}/draft`, payload: { revision, draft } });

    const saved = await put(weighted(2), made.revision);
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await callers.call('tutor', { url: `/v1/tutor/tests/${made.id}` })).json().data;
    expect(read.draft).toEqual(weighted(2));

    const before = await tableDigest(t.database.db);
    for (const weight of [0, 101, 1.5]) {
      const res = await put(weighted(weight), saved.json().data.revision);
      expect(res.statusCode, String(weight)).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), String(weight)).toContain(
        'draft.blocks.0.questions.4.gaps.0.weight',
      );
    }
    expect(await tableDigest(t.database.db)).toEqual(before);
  });
});
