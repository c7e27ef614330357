import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestDraft, TutorTest } from '../../../contract/tutor-tests.ts';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';
import { completeDraft } from './draft-fixture.ts';

let t: TestApp;
let callers: Callers;
let users: Callers['users'];

beforeAll(async () => {
  t = await createTestApp({ env: { TUTOR_TESTS_MAX: '6' } });
  callers = await tutorCallers(t.app);
  users = callers.users;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const call: Callers['call'] = (who, options) => callers.call(who, options);

async function create(who: 'tutor' | 'otherTutor', draft?: TestDraft): Promise<TutorTest> {
  const res = await call(who, { method: 'POST', url: '/v1/tutor/tests', payload: draft ? { draft } : {} });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function removeAll(who: 'tutor' | 'otherTutor') {
  await t.database.db
    .deleteFrom('tutor_tests')
    .where('owner_id', '=', users[who]?.id as string)
    .execute();
}

describe(`tutors' own tests on ${dialectName}`, () => {
  // Each test starts with no tests of either tutor: the limit of tests per tutor is small here.
  beforeEach(async () => {
    await removeAll('tutor');
    await removeAll('otherTutor');
  });

  it('a new test is an empty draft in the tutor’s language, listed for its tutor alone', async () => {
    const res = await call('tutor', { method: 'POST', url: '/v1/tutor/tests', payload: {}, language: 'pl' });
    expect(res.statusCode, res.body).toBe(201);
    const made: TutorTest = res.json().data;
    expect(made).toMatchObject({ status: 'draft', revision: 1, languages: ['pl'], question_count: 0, title: '' });
    expect(made.draft.blocks).toHaveLength(1);

    const mine = await call('tutor', { url: '/v1/tutor/tests' });
    expect(mine.json().data.map((s: { id: string }) => s.id)).toEqual([made.id]);
    const theirs = await call('otherTutor', { url: '/v1/tutor/tests' });
    expect(theirs.json().data.map((s: { id: string }) => s.id)).not.toContain(made.id);
  });

  it('saves a draft from its revision, and refuses one made from an older revision (two tabs)', async () => {
    const made = await create('tutor');
    const draft = completeDraft();
    const first = await call('tutor', {
      method: 'PUT',
      url: `/v1/tutor/tests/${made.id}/draft`,
      payload: { revision: made.revision, draft },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ revision: 2, title: 'Fractions', question_count: 4 });

    // The second tab still holds revision 1: its save must not overwrite the first.
    const stale = await call('tutor', {
      method: 'PUT',
      url: `/v1/tutor/tests/${made.id}/draft`,
      payload: { revision: made.revision, draft: { ...draft, duration_seconds: 120 } },
      language: 'uk',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('іншій вкладці');
    const read = await call('tutor', { url: `/v1/tutor/tests/${made.id}` });
    expect(read.json().data).toMatchObject({ revision: 2, duration_seconds: draft.duration_seconds });
    expect(read.json().data.draft).toEqual(draft);
  });

  it('two saves racing from the same revision: exactly one wins', async () => {
    const made = await create('tutor');
    const saves = await Promise.all(
      [60, 120, 180, 240].map((duration_seconds) =>
        call('tutor', {
          method: 'PUT',
          url: `/v1/tutor/tests/${made.id}/draft`,
          payload: { revision: 1, draft: { ...completeDraft(), duration_seconds } },
        }),
      ),
    );
    expect(saves.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });

  it("another tutor's test reads as not found and cannot be changed; a student is refused with a message", async () => {
    const made = await create('tutor');
    const before = await tableDigest(t.database.db);
    for (const options of [
      { url: `/v1/tutor/tests/${made.id}` },
      { method: 'PUT', url: `/v1/tutor/tests/${made.id}/draft`, payload: { revision: 1, draft: completeDraft() } },
      { method: 'POST', url: `/v1/tutor/tests/${made.id}/duplicate`, payload: {} },
      { method: 'POST', url: `/v1/tutor/tests/${made.id}/archive`, payload: {} },
      { method: 'DELETE', url: `/v1/tutor/tests/${made.id}` },
      { url: `/v1/tutor/tests/${made.id}/checklist` },
    ] as InjectOptions[]) {
      const other = await call('otherTutor', options);
      expect(other.statusCode, `${options.method} ${options.url}`).toBe(404);
      const student = await call('student', { ...options, language: 'ru' });
      expect(student.statusCode).toBe(403);
      expect(student.json().message).toContain('преподаватели');
    }
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('duplicates with "(copy)" in each language, archives and restores, deletes a draft never published', async () => {
    const made = await create('tutor', completeDraft());
    const copy = await call('tutor', { method: 'POST', url: `/v1/tutor/tests/${made.id}/duplicate`, payload: {} });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().data.draft.title).toEqual({ en: 'Fractions (copy)', uk: 'Дроби (копія)' });
    expect(copy.json().data.draft.blocks).toEqual(made.draft.blocks);

    const archived = await call('tutor', { method: 'POST', url: `/v1/tutor/tests/${made.id}/archive`, payload: {} });
    expect(archived.json().data.status).toBe('archived');
    const restored = await call('tutor', { method: 'POST', url: `/v1/tutor/tests/${made.id}/restore`, payload: {} });
    expect(restored.json().data.status).toBe('draft');

    const gone = await call('tutor', { method: 'DELETE', url: `/v1/tutor/tests/${copy.json().data.id}` });
    expect(gone.statusCode).toBe(200);
    expect((await call('tutor', { url: `/v1/tutor/tests/${copy.json().data.id}` })).statusCode).toBe(404);
  });

  it('a test once published is archived, never deleted', async () => {
    const made = await create('tutor', completeDraft());
    await t.database.db
      .updateTable('tutor_tests')
      .set({ published_versions: 1, status: 'published' })
      .where('id', '=', made.id)
      .execute();
    const refused = await call('tutor', { method: 'DELETE', url: `/v1/tutor/tests/${made.id}`, language: 'pl' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('zarchiwizuj');
    expect((await call('tutor', { url: `/v1/tutor/tests/${made.id}` })).statusCode).toBe(200);
  });

  it('says whether a test was taken, from the sessions of its published lesson', async () => {
    const made = await create('tutor', completeDraft());
    const listed = async () =>
      (await call('tutor', { url: '/v1/tutor/tests' })).json().data.find((s: { id: string }) => s.id === made.id);
    const lesson = await t.database.db
      .selectFrom('lessons')
      .select('id')
      .where('slug', '=', 'fixture-sums')
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('tutor_tests').set({ lesson_id: lesson.id }).where('id', '=', made.id).execute();
    expect((await listed()).has_attempts).toBe(false);
    const start = await t.app.inject({ method: 'POST', url: '/v1/public/lessons/fixture-sums/start', payload: {} });
    expect(start.statusCode).toBe(201);
    expect((await listed()).has_attempts).toBe(true);
    expect((await call('tutor', { url: `/v1/tutor/tests/${made.id}` })).json().data.has_attempts).toBe(true);
  });

  it('keeps to the limits of a test with a message per field, changing nothing', async () => {
    const made = await create('tutor');
    const before = await tableDigest(t.database.db);
    const base = completeDraft();
    const block = base.blocks[0] as TestDraft['blocks'][number];
    const question = block.questions[0] as TestDraft['blocks'][number]['questions'][number];
    const cases: [string, TestDraft, string][] = [
      ['101 blocks', { ...base, blocks: Array.from({ length: 101 }, (_, i) => ({ ...block, id: `b${i}` })) }, 'blocks'],
      [
        '501 questions',
        {
          ...base,
          blocks: Array.from({ length: 3 }, (_, b) => ({
            ...block,
            id: `b${b}`,
            questions: Array.from({ length: 167 }, (_, i) => ({ ...question, id: `q${b}-${i}` })),
          })),
        },
        '',
      ],
      [
        '21 options',
        {
          ...base,
          blocks: [
            {
              ...block,
              questions: [
                { ...question, options: Array.from({ length: 21 }, (_, i) => ({ id: `o${i}`, text: { en: 'x' } })) },
              ],
            },
          ],
        },
        'blocks.0.questions.0.options',
      ],
      ['a text of 10,001 characters', { ...base, title: { en: 'x'.repeat(10_001) } }, 'title.en'],
      ['a control character', { ...base, title: { en: 'a\u0007b' } }, 'title.en'],
      ['a language twice', { ...base, languages: ['en', 'en'] }, 'languages'],
      ['a subject without its specialization', { ...base, subject: 'arithmetic', specialization: null }, ''],
      [
        'negative points',
        { ...base, blocks: [{ ...block, questions: [{ ...question, points: -1 }] }] },
        'blocks.0.questions.0.points',
      ],
    ];
    for (const [name, draft, field] of cases) {
      const res = await call('tutor', {
        method: 'PUT',
        url: `/v1/tutor/tests/${made.id}/draft`,
        payload: { revision: made.revision, draft },
      });
      expect(res.statusCode, name).toBe(422);
      const body = res.json();
      expect(typeof body.message, name).toBe('string');
      if (field) expect(Object.keys(body.errors ?? {}), name).toContain(`draft.${field}`);
    }
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('stops at the number of tests a tutor may keep', async () => {
    for (let i = 0; i < 6; i++) await create('otherTutor');
    const res = await call('otherTutor', { method: 'POST', url: '/v1/tutor/tests', payload: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('6 tests');
  });

  it('lists what keeps a draft from being published, each at its field, in the caller’s language', async () => {
    const made = await create('tutor');
    const empty = await call('tutor', { url: `/v1/tutor/tests/${made.id}/checklist`, language: 'pl' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.ready).toBe(false);
    expect(empty.json().data.problems).toEqual(
      expect.arrayContaining([
        { field: 'title.en', message: 'Brakuje tekstu angielskiego' },
        { field: 'blocks.0.questions', message: 'Ten blok nie ma pytań' },
      ]),
    );

    const draft = completeDraft();
    const [block] = draft.blocks as [TestDraft['blocks'][number]];
    const [single, multiple, text, number] = block.questions as [
      TestDraft['blocks'][number]['questions'][number],
      TestDraft['blocks'][number]['questions'][number],
      TestDraft['blocks'][number]['questions'][number],
      TestDraft['blocks'][number]['questions'][number],
    ];
    const broken: TestDraft = {
      ...draft,
      subject: 'arithmetic',
      specialization: 'no-such-place',
      duration_seconds: 30,
      blocks: [
        {
          ...block,
          title: { en: 'Warm-up' },
          questions: [
            { ...single, correct_option: 'zz', points: 0 },
            { ...multiple, correct_options: [] },
            { ...text, accepted: { en: ['half'], uk: ['  '] } },
            { ...number, correct_number: null, explanation: { en: 'Because.' } },
          ],
        },
      ],
    };
    await call('tutor', {
      method: 'PUT',
      url: `/v1/tutor/tests/${made.id}/draft`,
      payload: { revision: made.revision, draft: broken },
    });
    const res = await call('tutor', { url: `/v1/tutor/tests/${made.id}/checklist` });
    const fields = res.json().data.problems.map((p: { field: string }) => p.field);
    expect(fields.sort()).toEqual(
      [
        'specialization',
        'duration_seconds',
        'blocks.0.title.uk',
        'blocks.0.questions.0.correct_option',
        'blocks.0.questions.0.points',
        'blocks.0.questions.1.correct_options',
        'blocks.0.questions.2.accepted.uk',
        'blocks.0.questions.3.correct_number',
        'blocks.0.questions.3.explanation.uk',
      ].sort(),
    );

    const fixed = await call('tutor', {
      method: 'PUT',
      url: `/v1/tutor/tests/${made.id}/draft`,
      payload: { revision: made.revision + 1, draft: { ...draft, subject: 'arithmetic', specialization: 'sums' } },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const ready = await call('tutor', { url: `/v1/tutor/tests/${made.id}/checklist` });
    expect(ready.json().data).toEqual({ ready: true, problems: [] });
  });
});
