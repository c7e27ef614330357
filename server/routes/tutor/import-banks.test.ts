import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LESSON_LIMITS } from '../../../contract/content.ts';
import { type ImportFileReport, MAX_IMPORT_BODY_BYTES } from '../../../contract/question-banks.ts';
import type { TutorTest } from '../../../contract/tutor-tests.ts';
import { UNPACKED_LIMIT } from '../../services/question-banks/safe-zip.ts';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';

let t: TestApp;
let callers: Callers;

beforeAll(async () => {
  t = await createTestApp({ env: { TUTOR_TESTS_MAX: '5' } });
  callers = await tutorCallers(t.app);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const FIXTURES = join(import.meta.dirname, '../../services/question-banks/fixtures');
const upload = (name: string, bytes: Uint8Array | string = readFileSync(join(FIXTURES, name))) => ({
  name,
  data: Buffer.from(bytes).toString('base64'),
});

const importFiles = (files: unknown[], options: { language?: string; testLanguage?: string } = {}) =>
  callers.call('tutor', {
    method: 'POST',
    url: '/v1/tutor/tests/import',
    payload: { files, ...(options.testLanguage ? { language: options.testLanguage } : {}) },
    ...(options.language ? { language: options.language } : {}),
  });

const draftOf = async (id: string): Promise<TutorTest> =>
  (await callers.call('tutor', { url: `/v1/tutor/tests/${id}` })).json().data;

describe(`importing other systems' question banks on ${dialectName}`, () => {
  beforeEach(async () => {
    await t.database.db.deleteFrom('tutor_tests').execute();
  });

  it('makes a draft of each file in the language picked, and reports what it took, skipped and changed', async () => {
    const res = await importFiles([upload('teacher.gift'), upload('teacher-aiken.txt'), upload('moodle-bank.xml')], {
      language: 'en',
      testLanguage: 'uk',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { tests, report } = res.json().data as { tests: { id: string; title: string }[]; report: ImportFileReport[] };
    expect(tests.map((test) => test.title)).toEqual(['teacher', 'teacher-aiken', 'moodle-bank']);
    expect(report.map((r) => [r.file, r.format, r.imported, r.skipped.length, r.notes.length])).toEqual([
      ['teacher.gift', 'gift', 10, 1, 2],
      ['teacher-aiken.txt', 'aiken', 2, 1, 0],
      // Five notes: the partial credit of a short answer is said too (issue 45).
      ['moodle-bank.xml', 'moodle-xml', 6, 2, 5],
    ]);
    // The report is said in the interface's language, whatever the language of the test.
    expect(report[0]?.skipped[0]).toEqual({
      where: 'line 35',
      name: 'This line is only a description, with no answers.',
      message: 'Skipped: Zalik has no question type for this one (description)',
    });

    const gift = await draftOf(tests[0]?.id ?? '');
    expect(gift.draft.languages).toEqual(['uk']);
    expect(gift.draft.blocks.map((b) => [b.id, b.title.uk, b.questions.length])).toEqual([
      ['b1', 'Fractions/Halves', 4],
      ['b2', 'Fractions/Numbers', 6],
    ]);
    expect(gift.draft.blocks[0]?.questions[2]).toMatchObject({
      id: 'q3',
      type: 'single',
      options: [
        { id: 'a', text: { uk: 'Правда' } },
        { id: 'b', text: { uk: 'Неправда' } },
      ],
      correct_option: 'a',
    });

    const moodle = await draftOf(tests[2]?.id ?? '');
    const apples = moodle.draft.blocks[0]?.questions[0];
    expect(apples).toMatchObject({ points: 2, explanation: { uk: 'Half means «divide by two»: 8 ÷ 2 = 4.' } });
    expect(apples?.image?.alt).toEqual({ uk: 'A red apple' });
    const stored = await t.database.db.selectFrom('images').select(['id', 'uploaded_by']).execute();
    expect(stored.map((row) => [row.id, row.uploaded_by]).sort()).toEqual(
      [apples?.image?.id, apples?.options?.[1]?.image?.id].sort().map((id) => [id, callers.users.tutor.id]),
    );
    const picture = await t.app.inject({ url: `/v1/images/${apples?.image?.id}` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');

    // Complete but for what a bank does not hold: the test's description.
    const checklist = await callers.call('tutor', { url: `/v1/tutor/tests/${tests[2]?.id}/checklist` });
    expect(checklist.json().data.problems.map((p: { field: string }) => p.field)).toEqual(['description.uk']);
  });

  it('writes the texts in the interface’s language when no other is picked', async () => {
    const res = await importFiles([upload('teacher-aiken.txt')], { language: 'pl' });
    expect(res.statusCode, res.body).toBe(201);
    const made = await draftOf(res.json().data.tests[0].id);
    expect(made.draft.languages).toEqual(['pl']);
    expect(made.draft.blocks[0]?.questions[0]?.text).toEqual({ pl: 'What is half of 8?' });
  });

  it('makes one test in both languages of a spreadsheet, and reads back its own template', async () => {
    const res = await importFiles([upload('teacher-sheet.csv')], { language: 'en', testLanguage: 'uk' });
    expect(res.statusCode, res.body).toBe(201);
    const [made] = res.json().data.tests;
    expect(res.json().data.report[0]).toMatchObject({ format: 'csv', imported: 4 });
    const sheet = await draftOf(made.id);
    expect(sheet.draft.languages).toEqual(['uk', 'en']);
    expect(sheet.draft.blocks[0]?.questions[0]?.text).toEqual({ uk: 'Половина від 8?', en: 'Half of 8?' });
    expect(sheet.draft.blocks[1]?.questions[0]?.accepted).toEqual({
      uk: ['половина', 'половинка'],
      en: ['half', 'a half'],
    });

    for (const format of ['csv', 'xlsx']) {
      const template = await callers.call('tutor', { url: `/v1/tutor/tests/import-template?format=${format}` });
      expect(template.statusCode).toBe(200);
      expect(template.headers['content-disposition']).toContain(`zalik-questions.${format}`);
      if (format === 'csv') expect(template.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const back = await importFiles([upload(`template.${format}`, template.rawPayload)], { language: 'en' });
      expect(back.statusCode, back.body).toBe(201);
      expect(back.json().data.report[0]).toMatchObject({ format, imported: 4, skipped: [], notes: [] });
    }
  });

  it('takes a second file as the translation of the first when the questions line up, and says where they do not', async () => {
    const polish =
      'Ile to połowa z 8?\nA. 4\nB. 2\nC. 16\nANSWER: A\n\nCo jest największe?\nA) 1/2\nB) 1/3\nC) 1/4\nANSWER: A\n';
    const translation = { ...upload('aiken-pl.txt', polish), language: 'pl', translates: 0 };
    const res = await importFiles([upload('teacher-aiken.txt'), translation], { language: 'en', testLanguage: 'en' });
    expect(res.statusCode, res.body).toBe(201);
    const { tests, report } = res.json().data;
    expect(tests).toHaveLength(1);
    expect(report.map((r: ImportFileReport) => [r.file, r.test_id])).toEqual([
      ['teacher-aiken.txt', tests[0].id],
      ['aiken-pl.txt', tests[0].id],
    ]);
    const both = await draftOf(tests[0].id);
    expect(both.draft.languages).toEqual(['en', 'pl']);
    expect(both.draft.blocks[0]?.questions[0]?.text).toEqual({ en: 'What is half of 8?', pl: 'Ile to połowa z 8?' });

    const before = await tableDigest(t.database.db);
    const shorter = { ...upload('short-pl.txt', polish.split('\n\n')[0] ?? ''), language: 'pl', translates: 0 };
    const refused = await importFiles([upload('teacher-aiken.txt'), shorter, { ...translation, translates: 1 }], {
      language: 'en',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'files.1': ['Not a translation of the first file: block 1 has 1 questions against its 2'],
      'files.2.translates': ['A translation must name an earlier file of the import that became a test'],
    });
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('refuses a broken, dangerous (entity expansion, zip bomb) or unknown file with one message at the file, and stores nothing', async () => {
    const before = await tableDigest(t.database.db);
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE q [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><quiz>&b;</quiz>';
    const res = await importFiles(
      [
        upload('teacher.gift'),
        upload('laughs.xml', laughs),
        upload('broken.xml', '<quiz><question type="truefalse"></quiz>'),
        upload('letter.txt', 'Dear students, see you on Monday.'),
        upload('only-a-lone-pair.gift', '::Match::Pair them. {=1/2 -> half}'),
        { name: 'bad.gift', data: 'not base64!' },
        upload('bomb.zip', zipSync({ 'imsmanifest.xml': new Uint8Array(UNPACKED_LIMIT + 1) }, { level: 9 })),
      ],
      { language: 'uk' },
    );
    expect(res.statusCode).toBe(422);
    const { message, errors } = res.json();
    expect(message).toMatch(/^Нічого не імпортовано/);
    expect(errors).toEqual({
      'files.1': ['Цей XML оголошує тип документа (DOCTYPE або ENTITY), який Zalik з міркувань безпеки не читає'],
      'files.2': [expect.stringMatching(/^Цей XML пошкоджений/)],
      'files.3': [expect.stringMatching(/^Цей файл не належить до форматів/)],
      'files.4': ['Жодне запитання з цього файлу не вдалося імпортувати'],
      'files.5.data': ['Байти файлу мають надходити в base64 (RFC 4648)'],
      'files.6': ['Цей zip-файл після розпакування займає понад 64 MB'],
    });
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('takes at most 24 MB of files together, as the contract and the docs say, and a body of at most its base64', async () => {
    const before = await tableDigest(t.database.db);
    // 24.5 MB together: within the body limit (the base64 of 24 MB and one more), past the promise.
    const half = Buffer.alloc(Math.round(12.25 * 1024 * 1024), 'a');
    const over = await importFiles([upload('one.txt', half), upload('two.txt', half)], { language: 'en' });
    expect(over.statusCode, over.body.slice(0, 300)).toBe(422);
    expect(over.json().errors).toEqual({
      files: ['These files together are larger than 24 MB: import them in smaller groups'],
    });
    // A body past that is refused before it is read.
    const body = Buffer.alloc(MAX_IMPORT_BODY_BYTES + 1, ' ');
    const tooLong = await callers.call('tutor', {
      method: 'POST',
      url: '/v1/tutor/tests/import',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(tooLong.statusCode).toBe(413);
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('keeps a test’s limits: more questions than one holds refuse the file, as does the tutor’s test count', async () => {
    const many = Array.from({ length: LESSON_LIMITS.questions + 1 }, (_, i) => `Q${i}? {=yes ~no}`).join('\n\n');
    const before = await tableDigest(t.database.db);
    const tooMany = await importFiles([upload('many.gift', many)], { language: 'en' });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors).toEqual({ 'files.0': [`At most ${LESSON_LIMITS.questions} questions in a lesson`] });
    const six = Array.from({ length: 6 }, (_, i) =>
      upload(`aiken-${i}.txt`, readFileSync(join(FIXTURES, 'teacher-aiken.txt'))),
    );
    const overCount = await importFiles(six);
    expect(overCount.statusCode).toBe(409);
    expect(await tableDigest(t.database.db)).toEqual(before);
  });
});
