/**
 * Matching and ordering as the writers write them: Moodle XML's `matching` (a prompt's answer inside
 * it, a distractor with no text) and `ordering` (answers in the right order, the grading type), and
 * QTI's `matchInteraction` (a right pair's share of the points) and `orderInteraction` (the order,
 * and a partial marking as response conditions).
 */
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { LessonFile, Question } from '../../../../contract/content.ts';
import { writeBank } from '../export-bank.ts';
import { children, descendants, parseXml, textAt } from '../safe-xml.ts';

const en = (text: string) => ({ en: text });
const options = (...texts: string[]) => texts.map((text, at) => ({ id: 'abcdefgh'[at] as string, text: en(text) }));

function lesson(...questions: Question[]): LessonFile {
  return {
    kind: 'lesson',
    slug: 'parts',
    audience: 'student',
    duration_seconds: 600,
    published: true,
    languages: ['en'],
    title: en('Parts'),
    description: en('Parts'),
    blocks: [{ id: 'b1', title: en('Block'), questions }],
  };
}

const matching: Question = {
  id: 'm1',
  type: 'matching',
  points: 3,
  text: en('Match each country to its capital'),
  prompts: [
    { id: 'p1', text: en('Poland') },
    { id: 'p2', text: en('Ukraine') },
    { id: 'p3', text: en('Czechia') },
  ],
  options: options('Kyiv', 'Warsaw', 'Prague', 'Bratislava'),
  correct: { p1: 'b', p2: 'a', p3: 'c' },
};
const ordering = (marking: 'all' | 'position' | 'next'): Question => ({
  id: `o-${marking}`,
  type: 'ordering',
  points: 2,
  text: en('From the Sun outwards'),
  options: options('Mercury', 'Venus', 'Earth', 'Mars'),
  marking,
});

const gapsQuestion: Question = {
  id: 'g1',
  type: 'gaps',
  points: 3,
  text: en('Fill in the gaps'),
  passage: en('Paris is in [[country]]; 2 + 2 = [[sum]]; it flows into the [[sea]].'),
  gaps: [
    { id: 'country', kind: 'text', accepted: en_list(['France', 'La France']), case_sensitive: true },
    { id: 'sum', kind: 'number', correct: 4, tolerance: 0.5 },
    { id: 'sea', kind: 'choice', options: options('English Channel', 'Baltic~Sea'), correct: 'a' },
  ],
};

function en_list(list: string[]) {
  return { en: list };
}

const noFormulas = { render: async () => new Map() };

async function moodleQuestions(...questions: Question[]) {
  const written = await writeBank(lesson(...questions), 'moodle-xml', 'en', noFormulas);
  const doc = parseXml(written.bytes.toString('utf8'));
  if (!('documentElement' in doc)) throw new Error('not XML');
  return children(doc.documentElement as never, 'question').filter((q) => q.getAttribute('type') !== 'category');
}

async function qtiItems(...questions: Question[]) {
  const written = await writeBank(lesson(...questions), 'qti', 'en', noFormulas);
  return Object.entries(unzipSync(written.bytes))
    .filter(([path]) => path.startsWith('items/'))
    .map(([, data]) => {
      const doc = parseXml(strFromU8(data));
      if (!('documentElement' in doc)) throw new Error('not XML');
      return doc.documentElement as unknown as Element;
    });
}

const plain = (html: string) => html.replace(/<[^>]+>/g, '').trim();

describe('Moodle XML of the types with parts', () => {
  it('writes a matching as subquestions with their answers, a distractor without text', async () => {
    const [question] = await moodleQuestions(matching);
    expect(question?.getAttribute('type')).toBe('matching');
    const pairs = children(question as never, 'subquestion').map((s) => [
      plain(textAt(s, 'text')),
      textAt(children(s, 'answer')[0] as never, 'text'),
    ]);
    expect(pairs).toEqual([
      ['Poland', 'Warsaw'],
      ['Ukraine', 'Kyiv'],
      ['Czechia', 'Prague'],
      ['', 'Bratislava'],
    ]);
  });

  it('writes an ordering with its answers in order and each marking as its grading type', async () => {
    const written = await moodleQuestions(ordering('all'), ordering('position'), ordering('next'));
    expect(written.map((q) => textAt(q, 'gradingtype'))).toEqual([
      'ALL_OR_NOTHING',
      'ABSOLUTE_POSITION',
      'RELATIVE_NEXT_EXCLUDE_LAST',
    ]);
    const answers = children(written[0] as never, 'answer').map((a) => [
      a.getAttribute('fraction'),
      plain(textAt(a, 'text')),
    ]);
    expect(answers).toEqual([
      ['1', 'Mercury'],
      ['2', 'Venus'],
      ['3', 'Earth'],
      ['4', 'Mars'],
    ]);
  });
});

describe('QTI of the types with parts', () => {
  it('writes a matching whose right pairs share the points', async () => {
    const [item] = await qtiItems(matching);
    const values = descendants(item as never, 'correctResponse').flatMap((c) =>
      children(c, 'value').map((v) => v.textContent),
    );
    expect(values).toEqual(['P1 A2', 'P2 A1', 'P3 A3']);
    const entries = descendants(item as never, 'mapEntry').map((e) => [
      e.getAttribute('mapKey'),
      e.getAttribute('mappedValue'),
    ]);
    expect(entries).toEqual([
      ['P1 A2', '1'],
      ['P2 A1', '1'],
      ['P3 A3', '1'],
    ]);
    const sets = descendants(item as never, 'simpleMatchSet');
    expect(sets.map((s) => children(s, 'simpleAssociableChoice').length)).toEqual([3, 4]);
  });

  it('writes an ordering’s order, all or nothing as match_correct, the partial markings as conditions', async () => {
    const [all, position, next] = await qtiItems(ordering('all'), ordering('position'), ordering('next'));
    const order = descendants(all as never, 'correctResponse').flatMap((c) =>
      children(c, 'value').map((v) => v.textContent),
    );
    expect(order).toEqual(['I1', 'I2', 'I3', 'I4']);
    expect(descendants(all as never, 'responseProcessing')[0]?.getAttribute('template')).toMatch(/match_correct$/);
    // Four items in place, 0.5 each; three links kept, 2/3 each.
    expect(descendants(position as never, 'responseCondition')).toHaveLength(4);
    expect(descendants(next as never, 'responseCondition')).toHaveLength(3);
    expect(descendants(next as never, 'and')).toHaveLength(9);
    const shares = (item: Element | undefined) =>
      descendants(item as never, 'sum').map((s) => children(s, 'baseValue')[0]?.textContent);
    expect(new Set(shares(position))).toEqual(new Set(['0.5']));
    expect(new Set(shares(next))).toEqual(new Set(['0.666667']));
  });
});

describe('gaps in a text as the writers write them', () => {
  it('writes Moodle’s embedded answers (Cloze): each gap a subquestion in the passage, Cloze’s characters escaped', async () => {
    const [question] = await moodleQuestions(gapsQuestion);
    // Moodle 4's own name for embedded answers in its exports.
    expect(question?.getAttribute('type')).toBe('cloze');
    const text = plain(textAt(children(question as never, 'questiontext')[0] as never, 'text'));
    expect(text).toContain('Fill in the gaps');
    expect(text).toContain(
      'Paris is in {1:SHORTANSWER_C:=France~=La France}; 2 + 2 = {1:NUMERICAL:=4:0.5}; it flows into the {1:MULTICHOICE:=English Channel~Baltic\\~Sea}.',
    );
  });

  it('writes QTI’s inline interactions in the passage, one response each, each right gap adding its share', async () => {
    const [item] = await qtiItems(gapsQuestion);
    const declarations = descendants(item as never, 'responseDeclaration').map((d) => [
      d.getAttribute('identifier'),
      d.getAttribute('baseType'),
    ]);
    expect(declarations).toEqual([
      ['G1', 'string'],
      ['G2', 'float'],
      ['G3', 'identifier'],
    ]);
    expect(descendants(item as never, 'textEntryInteraction')).toHaveLength(2);
    expect(descendants(item as never, 'inlineChoice').map((c) => c.textContent)).toEqual([
      'English Channel',
      'Baltic~Sea',
    ]);
    expect(
      descendants(item as never, 'mapEntry').map((e) => [e.getAttribute('mapKey'), e.getAttribute('caseSensitive')]),
    ).toEqual([
      ['France', 'true'],
      ['La France', 'true'],
    ]);
    expect(descendants(item as never, 'responseCondition')).toHaveLength(2);
    expect(descendants(item as never, 'mapResponse')).toHaveLength(1);
  });
});
