/**
 * Moodle's embedded answers as Moodle 4 exports them (`type="cloze"`, no `defaultgrade`): worth the sum
 * of their gaps' weights, each gap's weight kept, and the Cloze questions Moodle itself would not take
 * refused with the reason, never read as text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Question } from '../../../contract/content.ts';
import { say } from '../../i18n/messages.ts';
import { bankDraft } from './bank-draft.ts';
import { writeBank } from './export-bank.ts';
import { readBankFile } from './read-bank-file.ts';

const bankOf = (bytes: Uint8Array) => {
  const read = readBankFile(bytes, 'en');
  if (!('bank' in read)) throw new Error(JSON.stringify(read));
  return read.bank;
};
const bank = bankOf(readFileSync(join(import.meta.dirname, 'fixtures', 'moodle-cloze.xml')));
const made = (() => {
  const draft = bankDraft(bank, 'en', 'Geography');
  if ('key' in draft) throw new Error(draft.key);
  return draft;
})();
const questions = made.draft.blocks.flatMap((b) => b.questions);

describe('a Moodle 4 export of Cloze questions', () => {
  it('reads type="cloze" and type="multianswer" alike', () => {
    expect(questions.map((q) => [q.type, q.text.en])).toEqual([
      ['gaps', 'Name each capital.'],
      ['gaps', 'Equal parts'],
      ['gaps', 'Older name'],
      ['gaps', 'Weights out of reach'],
      ['gaps', 'Word left blank'],
    ]);
    // An empty choice of select missing words is no option of its drop-down.
    expect(questions.at(-1)?.gaps?.[0]?.options?.map((o) => o.text.en)).toEqual(['cat', 'dog']);
  });

  it('makes a question worth the sum of its gaps’ weights, each gap keeping its own', () => {
    const [capitals, equal, older] = questions;
    // 2 + 1 + 3 + 1: Moodle's points for it (it writes no defaultgrade for a Cloze question).
    expect(capitals?.points).toBe(7);
    expect(capitals?.passage?.en).toBe('France: [[g1]]. Poland: [[g2]].\nUkraine: [[g3]]; its metro opened in [[g4]].');
    expect(capitals?.gaps?.map((g) => [g.kind, g.weight])).toEqual([
      ['text', 2],
      ['choice', undefined],
      ['text', 3],
      ['number', undefined],
    ]);
    expect(capitals?.gaps?.[2]?.accepted).toEqual({ en: ['Kyiv', 'Kiev'] });
    // Equal weights (none written is 1) are equal shares: no weight kept.
    expect(equal?.points).toBe(2);
    expect(equal?.gaps?.map((g) => g.weight)).toEqual([undefined, undefined]);
    expect(older?.points).toBe(1);
  });

  it('notes weights it cannot hold, and refuses an empty right answer and a gap inside another, with the reason', () => {
    const said = (list: typeof made.skipped) => list.map((r) => [r.name, say(r.said, 'en')]);
    expect(said(made.notes)).toContainEqual([
      'Weights out of reach',
      'Its gaps’ weights could not be kept (Zalik weighs a gap from 1 to 100): each gap earns an equal share',
    ]);
    expect(said(made.notes).filter(([name]) => name === 'Capitals')).toEqual([
      ['Capitals', 'Answers with partial credit were left out: only those at full credit are accepted'],
    ]);
    expect(said(made.skipped)).toEqual([
      ['Empty answer', 'Skipped: the right answer of gap 1 is empty'],
      ['Empty number', 'Skipped: the right answer of gap 2 is empty'],
      ['Empty choice', 'Skipped: the right answer of gap 1 is empty'],
      ['Nested', 'Skipped: gap 1 holds another gap inside its braces'],
      ['Empty word', 'Skipped: the right answer of gap 2 is empty'],
      ['One item', 'Skipped: an ordering needs at least 2 items'],
    ]);
  });
});

const gaps = (id: string, points: number, weights: (number | undefined)[]): Question => ({
  id,
  type: 'gaps',
  points,
  text: { en: `Worth ${points}` },
  passage: { en: weights.map((_, at) => `[[x${at}]]`).join(' and ') },
  gaps: weights.map((weight, at) => ({
    id: `x${at}`,
    kind: 'text',
    accepted: { en: [`word${at}`] },
    case_sensitive: false,
    ...(weight ? { weight } : {}),
  })),
});

describe('a Cloze question written for Moodle', () => {
  it('weighs its gaps so that Moodle’s points are Zalik’s, and reads back the same', async () => {
    const lesson = {
      kind: 'lesson' as const,
      slug: 'weights',
      audience: 'student' as const,
      duration_seconds: 600,
      published: true,
      languages: ['en' as const],
      title: { en: 'Weights' },
      description: { en: 'Weights' },
      blocks: [
        {
          id: 'b1',
          title: { en: 'Block' },
          questions: [
            gaps('one', 1, [undefined]),
            gaps('four', 4, [undefined, undefined]),
            gaps('six', 6, [1, 2]),
            gaps('third', 1, [undefined, undefined, undefined]),
          ],
        },
      ],
    };
    const written = await writeBank(lesson, 'moodle-xml', 'en', { render: async () => new Map() });
    const xml = written.bytes.toString('utf8');
    expect(xml.match(/<question type="cloze">/g)).toHaveLength(4);
    const codes = [...xml.matchAll(/\{(\d+):SHORTANSWER:/g)].map((m) => Number(m[1]));
    // 1 point over 3 gaps has no whole weights: the shares are kept and Moodle counts 3 (docs/question-banks.md).
    expect(codes).toEqual([1, 2, 2, 2, 4, 1, 1, 1]);
    const read = bankOf(written.bytes).categories.flatMap((c) => c.questions);
    expect(read.map((q) => q.points)).toEqual([1, 4, 6, 3]);
    expect(read.map((q) => (q.answer.type === 'gaps' ? q.answer.gaps.map((g) => g.weight) : null))).toEqual([
      [undefined],
      [undefined, undefined],
      [2, 4],
      [undefined, undefined, undefined],
    ]);
  });
});
