/**
 * Every file of a QTI package Zalik writes validates against IMS's QTI 2.1 XSD (the manifest against
 * IMS CP 1.1's), a question of each type, with a line break in a gaps passage and formulas rendered
 * as MathML: an item that is only well-formed XML is not enough for the systems that read it.
 */
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import type { LessonFile, Question } from '../../../contract/content.ts';
import { QTI_SCHEMAS_SKIP, qtiSchemaErrors } from '../../test/qti-schema.ts';
import { FormulaChecker } from '../formulas/formula-checker.ts';
import { writeBank } from './export-bank.ts';

const en = (text: string) => ({ en: text });
const options = (...texts: string[]) => texts.map((text, at) => ({ id: 'abcdefgh'[at] as string, text: en(text) }));

const questions: Question[] = [
  {
    id: 's1',
    type: 'single',
    points: 1,
    text: en('Half of \\(\\frac{8}{1}\\)?\nChoose one.'),
    options: options('4', '2'),
    correct: 'a',
    explanation: en('Divide by two:\n\\[8 \\div 2 = 4\\]'),
  },
  { id: 'm1', type: 'multiple', points: 2, text: en('Even?'), options: options('2', '3', '4'), correct: ['a', 'c'] },
  { id: 't1', type: 'text', points: 1, text: en('One of two equal parts?'), accepted: { en: ['half'] } },
  { id: 'n1', type: 'number', points: 1, text: en('A quarter of 10?'), correct: 2.5, tolerance: 0.01 },
  {
    id: 'p1',
    type: 'matching',
    points: 2,
    text: en('Match'),
    prompts: [
      { id: 'p1', text: en('Poland') },
      { id: 'p2', text: en('Ukraine') },
    ],
    options: options('Kyiv', 'Warsaw', 'Prague'),
    correct: { p1: 'b', p2: 'a' },
  },
  ...(['all', 'position', 'next'] as const).map(
    (marking): Question => ({
      id: `o-${marking}`,
      type: 'ordering',
      points: 2,
      text: en('From the Sun outwards'),
      options: options('Mercury', 'Venus', 'Earth'),
      marking,
    }),
  ),
  {
    id: 'g1',
    type: 'gaps',
    points: 3,
    text: en('Fill in the gaps'),
    // A line break inside the passage: QTI is XML, so it must be `<br/>`, never HTML's `<br>`.
    passage: en('Paris is in [[country]].\nTwo and two make [[sum]]; it flows into the [[sea]].'),
    gaps: [
      { id: 'country', kind: 'text', accepted: { en: ['France'] }, case_sensitive: false },
      { id: 'sum', kind: 'number', correct: 4, tolerance: 0.5 },
      { id: 'sea', kind: 'choice', options: options('English Channel', 'Baltic'), correct: 'a' },
    ],
  },
  { id: 'e1', type: 'essay', points: 5, text: en('Explain.'), min_words: 10, max_words: 200 },
];

const lesson: LessonFile = {
  kind: 'lesson',
  slug: 'schema',
  audience: 'student',
  duration_seconds: 600,
  published: true,
  languages: ['en'],
  title: en('Schema'),
  description: en('Schema'),
  blocks: [
    { id: 'b1', title: en('First'), questions: questions.slice(0, 5) },
    { id: 'b2', title: en('Second'), questions: questions.slice(5), draw: { count: 2, by_points: false } },
  ],
};

const checkers: FormulaChecker[] = [];
afterAll(async () => {
  await Promise.all(checkers.map((c) => c.close()));
});

describe('a QTI export against IMS’s XSD', () => {
  it.skipIf(QTI_SCHEMAS_SKIP)(
    `is valid in every file: each item, the test and the manifest ${QTI_SCHEMAS_SKIP || ''}`,
    async () => {
      const formulas = new FormulaChecker({ formulaBudgetMs: 30_000 });
      checkers.push(formulas);
      const written = await writeBank(lesson, 'qti', 'en', formulas);
      const files = Object.fromEntries(
        Object.entries(unzipSync(written.bytes))
          .filter(([path]) => path.endsWith('.xml'))
          .map(([path, data]) => [path, strFromU8(data)]),
      );
      expect(Object.keys(files)).toHaveLength(questions.length + 2);
      const gaps = Object.entries(files).find(([path]) => path.includes('-g1'))?.[1] ?? '';
      expect(gaps).toContain('Paris is in <textEntryInteraction');
      expect(gaps).toContain('.<br/>Two and two make');
      const errors = await qtiSchemaErrors(files);
      expect(Object.entries(errors).filter(([, list]) => list.length > 0)).toEqual([]);
    },
    120_000,
  );
});
