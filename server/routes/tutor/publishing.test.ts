import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LessonFile } from '../../../contract/content.ts';
import type { TestDraft, TutorTest, TutorTestSummary } from '../../../contract/tutor-tests.ts';
import { checkLessonFile } from '../../content/lesson-file-problems.ts';
import { createTestApp, dialectName, FIXTURES, type TestApp, tableDigest } from '../../test/helpers.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';
import { completeDraft } from './draft-fixture.ts';

let t: TestApp;
let callers: Callers;
let users: Callers['users'];

beforeAll(async () => {
  t = await createTestApp({ env: { TUTOR_TESTS_MAX: '4' } });
  callers = await tutorCallers(t.app);
  users = callers.users;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const call: Callers['call'] = (who, options) => callers.call(who, options);

async function create(draft: TestDraft = completeDraft()): Promise<TutorTest> {
  const res = await call('tutor', { method: 'POST', url: '/v1/tutor/tests', payload: { draft } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function publish(id: string): Promise<TutorTestSummary> {
  const res = await call('tutor', { method: 'POST', url: `/v1/tutor/tests/${id}/publish`, payload: {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function exported(id: string): Promise<LessonFile> {
  const res = await call('tutor', { url: `/v1/tutor/tests/${id}/export` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const versionsOf = async (lessonId: number) =>
  t.database.db.selectFrom('lesson_versions').select('id').where('lesson_id', '=', lessonId).execute();

const lessonIdOf = async (testId: string) =>
  (await t.database.db.selectFrom('tutor_tests').select('lesson_id').where('id', '=', testId).executeTakeFirstOrThrow())
    .lesson_id as number;

describe(`publishing, previewing, exporting and importing tutors' tests on ${dialectName}`, () => {
  beforeEach(async () => {
    await t.database.db.deleteFrom('tutor_tests').execute();
  });

  it('refuses to publish an incomplete draft, naming each field in the tutor’s language, and changes nothing', async () => {
    const draft = completeDraft();
    draft.duration_seconds = 30;
    delete draft.blocks[0]?.questions[0]?.text.uk;
    const made = await create(draft);
    const before = await tableDigest(t.database.db);
    const res = await call('tutor', {
      method: 'POST',
      url: `/v1/tutor/tests/${made.id}/publish`,
      payload: {},
      language: 'uk',
    });
    expect(res.statusCode).toBe(422);
    const { message, errors } = res.json();
    expect(message).toBe('Тест ще не завершено: перегляньте, чого бракує');
    expect(errors).toEqual({
      duration_seconds: ['Тривалість має бути від 1 хвилини до 6 годин'],
      'blocks.0.questions.0.text.uk': ['Бракує українського тексту'],
    });
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('refuses to publish a formula that does not parse, and takes one that does', async () => {
    const draft = completeDraft();
    const question = draft.blocks[0]?.questions[3];
    if (!question) throw new Error('the fixture changed');
    question.text = {
      en: 'Solve \\(x^2 - 5x + 6 = 0\\) for \\(\\frac{1}{\\)',
      uk: 'Розв’яжіть \\[x^2 - 5x + 6 = 0\\]',
    };
    const made = await create(draft);
    const checklist = await call('tutor', { url: `/v1/tutor/tests/${made.id}/checklist` });
    expect(checklist.json().data.problems).toEqual([
      {
        field: 'blocks.0.questions.3.text.en',
        message: 'A formula here cannot be read: check its brackets and commands',
      },
    ]);
    const refused = await call('tutor', { method: 'POST', url: `/v1/tutor/tests/${made.id}/publish`, payload: {} });
    expect(refused.statusCode).toBe(422);
  });

  it('checks formulas off the event loop: the server answers while a draft of long formulas is being checked', async () => {
    const draft = completeDraft();
    const [block] = draft.blocks;
    if (!block) throw new Error('the fixture changed');
    // Formulas as long as a text may hold, each its own (so none is known from an earlier check).
    const long = (i: number) => `\\(${`\\frac{${i}}{2}+`.repeat(760)}1\\)`.slice(0, 9_990);
    block.questions = Array.from({ length: 12 }, (_, i) => ({
      id: `f${i}`,
      type: 'number' as const,
      points: 1,
      text: { en: long(i), uk: long(i + 100) },
      correct_number: 1,
      tolerance: 0,
    }));
    const made = await create(draft);
    let checked = false;
    const checklist = call('tutor', { url: `/v1/tutor/tests/${made.id}/checklist` }).then((res) => {
      checked = true;
      return res;
    });
    // Once the checker has the formulas, the server still answers everyone else at once.
    const until = Date.now() + 10_000;
    while (t.app.tutorTests.formulasBusy === 0 && !checked && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const health = await t.app.inject({ url: '/health' });
    expect(health.statusCode).toBe(200);
    const catalog = await call(null, { url: '/v1/public/subjects/list' });
    expect(catalog.statusCode).toBe(200);
    expect(checked, 'the other requests were answered while the formulas were still being checked').toBe(false);
    const done = await checklist;
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.problems.filter((p: { field: string }) => p.field.includes('.text.'))).toEqual([]);
  });

  it('publishes immutable versions of a private lesson: the same draft makes none, an edit the next', async () => {
    const made = await create();
    const first = await publish(made.id);
    expect(first).toMatchObject({ status: 'published', published_versions: 1, unpublished_changes: false });
    const lessonId = await lessonIdOf(made.id);
    expect(await versionsOf(lessonId)).toHaveLength(1);

    // Private: not in the catalog, not started from it, by id or by slug.
    const catalog = await call(null, { url: '/v1/public/lessons?per_page=100' });
    expect(JSON.stringify(catalog.json())).not.toContain(`t-${made.id}`);
    for (const key of [String(lessonId), `t-${made.id}`]) {
      const start = await call(null, { method: 'POST', url: `/v1/public/lessons/${key}/start`, payload: {} });
      expect(start.statusCode).toBe(404);
    }

    expect(await publish(made.id)).toMatchObject({ published_versions: 1 });
    expect(await versionsOf(lessonId)).toHaveLength(1);

    // A session running on the first version keeps it after the second is published.
    const preview = await call('tutor', { method: 'POST', url: `/v1/tutor/tests/${made.id}/preview`, payload: {} });
    expect(preview.statusCode, preview.body).toBe(201);
    const session = preview.json().data;
    expect(await versionsOf(lessonId)).toHaveLength(1);

    const edited = structuredClone(made.draft);
    const firstQuestion = edited.blocks[0]?.questions[0];
    if (firstQuestion) firstQuestion.text.en = 'Half of 10?';
    const saved = await call('tutor', {
      method: 'PUT',
      url: `/v1/tutor/tests/${made.id}/draft`,
      payload: { revision: made.revision, draft: edited },
    });
    expect(saved.json().data).toMatchObject({ unpublished_changes: true, status: 'published' });
    expect(await publish(made.id)).toMatchObject({ published_versions: 2, unpublished_changes: false });
    expect(await versionsOf(lessonId)).toHaveLength(2);

    const block = await call(null, {
      url: `/v1/public/lessons/online/${session.uuid}/blocks/b1?api_token=${session.api_token}`,
      headers: { 'application-language': 'en' },
    });
    expect(block.json().data.questions[0].text).toBe('Half of 8?');
  });

  it('previews the draft as a student takes it: scored and reviewed, counted nowhere', async () => {
    const made = await create();
    const res = await call('tutor', {
      method: 'POST',
      url: `/v1/tutor/tests/${made.id}/preview`,
      payload: {},
      language: 'pl',
    });
    expect(res.statusCode, res.body).toBe(201);
    const session = res.json().data;
    // The test has no Polish: its primary language, English, is shown instead.
    expect(session.lesson.title).toBe('Fractions');
    expect(session.role).toBe('student');

    const answer = (question_id: string, value: unknown) =>
      call(null, {
        method: 'POST',
        url: `/v1/public/lessons/online/${session.uuid}/answer`,
        payload: {
          api_token: session.api_token,
          question_id,
          value,
          answer_id: crypto.randomUUID(),
          answered_at: t.clock.value,
        },
      });
    expect((await answer('q1', 'a')).statusCode).toBe(201);
    expect((await answer('q3', 'Половина')).statusCode).toBe(201);
    expect((await answer('q4', 2.5)).statusCode).toBe(201);
    const finish = await call(null, {
      method: 'POST',
      url: `/v1/public/lessons/online/${session.uuid}/finish`,
      payload: { api_token: session.api_token },
    });
    expect(finish.statusCode, finish.body).toBe(200);
    const results = await call(null, {
      url: `/v1/public/lessons/online/${session.uuid}/results?api_token=${session.api_token}`,
      headers: { 'application-language': 'uk' },
    });
    expect(results.json().data).toMatchObject({ score: 3, max_score: 5 });
    expect(results.json().data.blocks[0].questions[1].explanation).toBeNull();

    const row = await t.database.db
      .selectFrom('online_sessions')
      .selectAll()
      .where('uuid', '=', session.uuid)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ preview: 1, user_id: null });
    const listed = await call('tutor', { url: `/v1/tutor/tests/${made.id}` });
    expect(listed.json().data).toMatchObject({ has_attempts: false, status: 'draft', published_versions: 0 });
    // Nor does it go into anyone's history.
    const link = await call('student', {
      method: 'POST',
      url: '/v1/profile/link-test',
      payload: { item: session.uuid, api_token: session.api_token },
    });
    expect(link.statusCode).toBe(404);
    // Never published, the lesson is not published either.
    const lesson = await t.database.db
      .selectFrom('lessons')
      .select(['published', 'owner_id', 'specialization_id'])
      .where('id', '=', await lessonIdOf(made.id))
      .executeTakeFirstOrThrow();
    expect(lesson).toEqual({ published: 0, owner_id: users.tutor?.id, specialization_id: null });
  });

  it('exports a lesson file that the content check takes, and importing it makes an equal test', async () => {
    const draft = completeDraft();
    draft.subject = 'arithmetic';
    draft.specialization = 'sums';
    const made = await create(draft);
    const res = await call('tutor', { url: `/v1/tutor/tests/${made.id}/export` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="t-${made.id}.json"`);
    const file: LessonFile = res.json();
    expect(file).toMatchObject({ kind: 'lesson', languages: ['en', 'uk'], subject: 'arithmetic' });
    expect(Object.keys(file.title)).toEqual(['en', 'uk']);
    expect(checkLessonFile(file).problems).toEqual([]);

    const imported = await call('tutor', { method: 'POST', url: '/v1/tutor/tests/import', payload: { files: [file] } });
    expect(imported.statusCode, imported.body).toBe(201);
    const [copy] = imported.json().data.tests as TutorTestSummary[];
    const again = await exported(copy?.id as string);
    expect({ ...again, slug: file.slug }).toEqual(file);
  });

  it('imports the catalog’s own lesson files: all four languages, Ukrainian first', async () => {
    const file = JSON.parse(readFileSync(join(FIXTURES, 'lessons/fixture-sums.json'), 'utf8'));
    const res = await call('tutor', { method: 'POST', url: '/v1/tutor/tests/import', payload: { files: [file] } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.tests[0]).toMatchObject({ languages: ['uk', 'en', 'ru', 'pl'], status: 'draft' });
  });

  it('imports all or nothing, each problem at its file and field in the tutor’s language', async () => {
    const good = await exported((await create()).id);
    const broken = structuredClone(good) as LessonFile & Record<string, unknown>;
    delete broken.blocks[0]?.questions[2]?.text.uk;
    (broken.blocks[0]?.questions[0] as { type: string; correct: unknown }).correct = 7;
    broken.subject = 'no-such-subject';
    broken.specialization = 'nowhere';
    const before = await tableDigest(t.database.db);
    const res = await call('tutor', {
      method: 'POST',
      url: '/v1/tutor/tests/import',
      payload: { files: [good, broken, { kind: 'poem' }] },
      language: 'uk',
    });
    expect(res.statusCode).toBe(422);
    const { message, errors } = res.json();
    expect(message).toMatch(/^Нічого не імпортовано/);
    expect(errors).toEqual({
      'files.1.blocks.0.questions.0.correct': ['Тут очікується значення іншого типу'],
      'files.2.kind': ['Це не файл уроку («kind» має бути «lesson»)'],
    });
    expect(await tableDigest(t.database.db)).toEqual(before);

    // Of the right shape, the same file is still refused for what spans fields and for its place.
    (broken.blocks[0]?.questions[0] as { correct: unknown }).correct = 'a';
    const second = await call('tutor', {
      method: 'POST',
      url: '/v1/tutor/tests/import',
      payload: { files: [broken] },
      language: 'en',
    });
    expect(second.json().errors).toEqual({
      'files.0.blocks.0.questions.2.text.uk': ['The Ukrainian text is missing'],
    });
    delete (broken as { languages?: unknown }).languages;
    const thirdQuestion = broken.blocks[0]?.questions[2];
    if (thirdQuestion) thirdQuestion.text.uk = 'Половина';
    const third = await call('tutor', {
      method: 'POST',
      url: '/v1/tutor/tests/import',
      payload: { files: [broken] },
    });
    expect(Object.keys(third.json().errors)).toEqual(expect.arrayContaining(['files.0.title.ru', 'files.0.title.pl']));
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('keeps the number of tests a tutor may have, counting every imported file', async () => {
    const file = await exported((await create()).id);
    const res = await call('tutor', {
      method: 'POST',
      url: '/v1/tutor/tests/import',
      payload: { files: [file, file, file, file] },
    });
    expect(res.statusCode).toBe(409);
    const list = await call('tutor', { url: '/v1/tutor/tests' });
    expect(list.json().data).toHaveLength(1);
  });

  it('refuses to place an import where the catalog has no such specialization', async () => {
    const file = { ...(await exported((await create()).id)), subject: 'arithmetic', specialization: 'nowhere' };
    const res = await call('tutor', { method: 'POST', url: '/v1/tutor/tests/import', payload: { files: [file] } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['files.0.specialization']);
  });

  it('answers another tutor’s test as not found', async () => {
    const made = await create();
    for (const [method, path] of [
      ['POST', 'publish'],
      ['POST', 'preview'],
      ['GET', 'export'],
    ] as const) {
      const res = await call('otherTutor', {
        method,
        url: `/v1/tutor/tests/${made.id}/${path}`,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, path).toBe(404);
    }
  });
});
