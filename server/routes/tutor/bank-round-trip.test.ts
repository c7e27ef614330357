import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../contract/locale.ts';
import type { DraftText, TestDraft } from '../../../contract/tutor-tests.ts';
import { parseXml } from '../../services/question-banks/safe-xml.ts';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';
import { OTHER_PNG, TINY_PNG, upload } from '../../test/images.ts';
import { QTI_SCHEMAS_SKIP, qtiSchemaErrors } from '../../test/qti-schema.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';
import { completeDraft } from './draft-fixture.ts';

let t: TestApp;
let callers: Callers;

beforeAll(async () => {
  t = await createTestApp({});
  callers = await tutorCallers(t.app);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A complete test with a picture on a question and on an option, an explanation and a formula; its second block a pool if asked. */
async function pictured(pool: boolean): Promise<{ id: string; draft: TestDraft }> {
  const [first, second] = await Promise.all(
    [upload('a.png', TINY_PNG), upload('b.png', OTHER_PNG)].map(async (payload) => {
      const res = await callers.call('tutor', { method: 'POST', url: '/v1/tutor/images', payload });
      return res.json().data.id as string;
    }),
  );
  const draft = completeDraft();
  const [single, , , number] = draft.blocks[0]?.questions ?? [];
  if (!single?.options?.[1] || !number || !first || !second) throw new Error('the fixture changed');
  single.image = { id: first, alt: { en: 'Eight apples', uk: 'Вісім яблук' } };
  single.options[1].image = { id: second, alt: { en: 'Two pears', uk: 'Дві груші' } };
  single.explanation = { en: 'Half of 8 is 8 ÷ 2 = 4.\nCount them.', uk: 'Половина від 8 — це 4.' };
  number.tolerance = 0.05;
  const again = structuredClone(draft.blocks[0]);
  if (!again) throw new Error('the fixture changed');
  again.questions.forEach((q, at) => {
    q.id = `q${at + 5}`;
  });
  draft.blocks.push({
    ...again,
    id: 'b2',
    title: { en: 'Again', uk: 'Ще раз' },
    ...(pool ? { draw: { count: 2, by_points: false } } : {}),
  });
  draft.blocks.push(partsBlock(second));
  const res = await callers.call('tutor', { method: 'POST', url: '/v1/tutor/tests', payload: { draft } });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.id, draft };
}

/**
 * A matching (a picture on a prompt, a distractor, its answers in the prompts' order as Moodle keeps
 * them) and an ordering under each marking.
 */
function partsBlock(image: string): TestDraft['blocks'][number] {
  const both = (en: string, uk: string) => ({ en, uk });
  const list = (ids: string[], texts: [string, string][]) =>
    texts.map(([en, uk], at) => ({ id: ids[at] as string, text: both(en, uk) }));
  const ordering = (id: string, marking: 'all' | 'position' | 'next') => ({
    id,
    type: 'ordering' as const,
    points: 2,
    text: both(`Smallest first (${marking})`, `Від найменшого (${marking})`),
    options: list(
      ['a', 'b', 'c'],
      [
        ['1/4', '1/4'],
        ['1/3', '1/3'],
        ['1/2', '1/2'],
      ],
    ),
    marking,
  });
  return {
    id: 'b3',
    title: both('Parts', 'Частини'),
    questions: [
      {
        id: 'q9',
        type: 'matching',
        points: 3,
        text: both('Match each fraction to its name', 'Доберіть назву до кожного дробу'),
        prompts: list(
          ['p1', 'p2', 'p3'],
          [
            ['1/2', '1/2'],
            ['1/4', '1/4'],
            ['2/4', '2/4'],
          ],
        ).map((p, at) => (at === 0 ? { ...p, image: { id: image, alt: both('A half', 'Половина') } } : p)),
        options: list(
          ['a', 'b', 'c'],
          [
            ['a half', 'половина'],
            ['a quarter', 'чверть'],
            ['a third', 'третина'],
          ],
        ),
        matches: { p1: 'a', p2: 'b', p3: 'a' },
      },
      ordering('q10', 'all'),
      ordering('q11', 'position'),
      ordering('q12', 'next'),
      {
        // Its number gap weighs 2 of its 4 points, as a Cloze `{2:NUMERICAL:…}` does.
        id: 'q13',
        type: 'gaps',
        points: 4,
        text: both('Fill in the gaps', 'Заповніть пропуски'),
        passage: both(
          'Half of 8 is [[g1]];\na {quarter} is [[g2]] of a whole, written [[g3]].',
          'Половина від 8 — [[g1]];\n{чверть} — це [[g2]] цілого, пишуть [[g3]].',
        ),
        gaps: [
          { id: 'g1', kind: 'number', correct_number: 4, tolerance: 0.5, weight: 2 },
          {
            id: 'g2',
            kind: 'choice',
            options: list(
              ['a', 'b'],
              [
                ['a fourth', 'четверта частина'],
                ['a third~', 'третина~'],
              ],
            ),
            correct_option: 'a',
          },
          { id: 'g3', kind: 'text', accepted: { en: ['1/4', 'one quarter'], uk: ['1/4'] }, case_sensitive: true },
        ],
      },
      {
        id: 'q14',
        type: 'essay',
        points: 5,
        text: both('Explain why 2/4 equals 1/2', 'Поясніть, чому 2/4 дорівнює 1/2'),
        min_words: 20,
        max_words: 150,
      },
    ],
  };
}

/** QTI 2.1 has no word limits: an essay read back from it has none. */
function withoutWordLimits(draft: TestDraft): TestDraft {
  return {
    ...draft,
    blocks: draft.blocks.map((block) => ({
      ...block,
      questions: block.questions.map(({ min_words: _min, max_words: _max, ...q }) => q),
    })),
  };
}

/** The draft's questions as one language of it reads them: what a bank in that language can carry. */
function inOneLanguage(draft: TestDraft, language: Locale) {
  const text = (value: DraftText | undefined) => (value ? { [language]: value[language] } : undefined);
  const choices = (list: { id: string; text: DraftText }[]) => list.map((o) => ({ id: o.id, text: text(o.text) }));
  return draft.blocks.map((block) => ({
    ...(block.draw ? { draw: block.draw } : {}),
    title: text(block.title),
    questions: block.questions.map(({ text: said, explanation, image, options, prompts, accepted, ...rest }) => ({
      ...rest,
      ...(rest.passage ? { passage: text(rest.passage) } : {}),
      ...(rest.gaps
        ? {
            gaps: rest.gaps.map((gap) => ({
              ...gap,
              ...(gap.accepted ? { accepted: { [language]: gap.accepted[language] } } : {}),
              ...(gap.options ? { options: choices(gap.options) } : {}),
            })),
          }
        : {}),
      ...(prompts
        ? {
            prompts: prompts.map((p) => ({
              id: p.id,
              text: text(p.text),
              ...(p.image ? { image: { id: p.image.id, alt: text(p.image.alt) } } : {}),
            })),
          }
        : {}),
      text: text(said),
      ...(explanation ? { explanation: text(explanation) } : {}),
      ...(image ? { image: { id: image.id, alt: text(image.alt) } } : {}),
      ...(options
        ? {
            options: options.map((o) => ({
              id: o.id,
              text: text(o.text),
              ...(o.image ? { image: { id: o.image.id, alt: text(o.image.alt) } } : {}),
            })),
          }
        : {}),
      ...(accepted ? { accepted: { [language]: accepted[language] } } : {}),
    })),
  }));
}

/** QTI carries a pool (a section's selection); a Moodle question bank has no pools to carry. */
async function roundTrip(format: 'moodle-xml' | 'qti', language: Locale) {
  const made = await pictured(format === 'qti');
  const res = await callers.call('tutor', {
    url: `/v1/tutor/tests/${made.id}/export-bank?format=${format}&language=${language}`,
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const bytes = res.rawPayload;
  const back = await callers.call('tutor', {
    method: 'POST',
    url: '/v1/tutor/tests/import',
    payload: {
      files: [{ name: `bank.${format === 'qti' ? 'zip' : 'xml'}`, data: bytes.toString('base64') }],
      language,
    },
  });
  expect(back.statusCode, back.body).toBe(201);
  const { tests, report } = back.json().data;
  expect(report[0]).toMatchObject({ format, imported: 14, skipped: [] });
  // Moodle gives a share of a multiple choice's points for each right option; the report says Zalik does not.
  expect(report[0].notes.map((n: { message: string }) => n.message)).toEqual(
    format === 'moodle-xml' ? Array(2).fill(expect.stringMatching(/^Options with partial credit/)) : [],
  );
  const imported = (await callers.call('tutor', { url: `/v1/tutor/tests/${tests[0].id}` })).json().data
    .draft as TestDraft;
  const sent = format === 'qti' ? withoutWordLimits(made.draft) : made.draft;
  expect(inOneLanguage(imported, language)).toEqual(inOneLanguage(sent, language));
  return { res, bytes };
}

describe(`a test written out for other systems and read back on ${dialectName}`, () => {
  let exported: Record<string, Uint8Array> | null = null;
  it('Zalik → Moodle XML → Zalik gives back the same questions of every type, answers, points, pictures and explanations', async () => {
    const { res } = await roundTrip('moodle-xml', 'uk');
    expect(res.headers['content-type']).toBe('application/xml');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_____-uk.xml"; filename*=UTF-8''${encodeURIComponent('Дроби-uk.xml')}`,
    );
    expect(res.body).toContain('<question type="multichoice">');
    expect(res.body).toContain('<question type="matching">');
    expect(res.body).toContain('<gradingtype>RELATIVE_NEXT_EXCLUDE_LAST</gradingtype>');
    expect(res.body).toContain('@@PLUGINFILE@@/');
    expect(res.body).toContain('<question type="essay">');
    expect(res.body).toContain('<minwordlimit>20</minwordlimit>');
  });

  it('Zalik → QTI 2.1 → Zalik gives back the same, in a package whose every file is well-formed XML', async () => {
    const { res, bytes } = await roundTrip('qti', 'en');
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(bytes);
    expect(Object.keys(files).filter((f) => f.startsWith('items/'))).toHaveLength(14);
    expect(strFromU8(files['items/item-b3-q14.xml'] as Uint8Array)).toContain('<extendedTextInteraction');
    expect(Object.keys(files).filter((f) => f.startsWith('images/'))).toHaveLength(2);
    expect(strFromU8(files['items/item-b3-q9.xml'] as Uint8Array)).toContain('<matchInteraction');
    for (const [name, content] of Object.entries(files).filter(([name]) => name.endsWith('.xml'))) {
      expect('documentElement' in parseXml(strFromU8(content)), name).toBe(true);
    }
    expect(strFromU8(files['test.xml'] as Uint8Array)).toContain('<selection select="2"/>');
    const item = strFromU8(files['items/item-b1-q2.xml'] as Uint8Array);
    expect(item).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML">');
    expect(item).toContain('<annotation encoding="application/x-tex">\\frac{1}{2}</annotation>');
    exported = files;
  }, 60_000);

  // Valid, not only well-formed: every file of that package against IMS's QTI 2.1 XSD (the manifest
  // against IMS CP's), where the schemas are laid (server/test/qti-schema.ts).
  it.skipIf(QTI_SCHEMAS_SKIP)(
    `the QTI package is valid against IMS's XSDs ${QTI_SCHEMAS_SKIP || ''}`,
    async () => {
      const texts = Object.entries(exported ?? {}).filter(([name]) => name.endsWith('.xml'));
      expect(texts.length).toBeGreaterThan(2);
      const errors = await qtiSchemaErrors(Object.fromEntries(texts.map(([name, data]) => [name, strFromU8(data)])));
      expect(Object.entries(errors).filter(([, list]) => list.length > 0)).toEqual([]);
    },
    60_000,
  );

  it('refuses a language the test is not written in, and an incomplete test', async () => {
    const made = await pictured(false);
    const other = await callers.call('tutor', { url: `/v1/tutor/tests/${made.id}/export-bank?format=qti&language=pl` });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('The test is not written in this language');
    const empty = (await callers.call('tutor', { method: 'POST', url: '/v1/tutor/tests', payload: {} })).json().data;
    const incomplete = await callers.call('tutor', {
      url: `/v1/tutor/tests/${empty.id}/export-bank?format=moodle-xml`,
    });
    expect(incomplete.statusCode).toBe(422);
  });
});
