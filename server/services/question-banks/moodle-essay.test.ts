/** Moodle XML's essays read as Zalik's, with what did not fit said, and written back. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBankFile } from './read-bank-file.ts';

const bank = (() => {
  const read = readBankFile(readFileSync(join(import.meta.dirname, 'fixtures', 'moodle-essay.xml')), 'en');
  if (!('bank' in read)) throw new Error(JSON.stringify(read));
  return read.bank;
})();
const questions = bank.categories.flatMap((c) => c.questions);

describe('Moodle XML essays', () => {
  it('reads each essay with its points, text, explanation and word limits, skipping none', () => {
    expect(bank.skipped).toEqual([]);
    expect(bank.categories.map((c) => c.name)).toEqual(['Writing']);
    expect(questions.map((q) => [q.name, q.points, q.answer])).toEqual([
      ['Kyiv', 5, { type: 'essay', minWords: 50, maxWords: 300 }],
      ['With a file', 10, { type: 'essay' }],
      // A maximum below the minimum is a slip: the maximum is left out, the question kept.
      ['Limits the wrong way round', 2, { type: 'essay', minWords: 200 }],
      ['Moodle 3.x', 1, { type: 'essay' }],
    ]);
    expect(questions[0]).toMatchObject({
      text: 'Describe Kyiv in a paragraph.',
      explanation: 'Its river, its age, its role.',
    });
  });

  it('says what an essay’s Moodle settings lose: attachments, notes for markers, a response template', () => {
    expect(bank.notes.map((n) => [n.name, n.said.key])).toEqual([
      ['With a file', 'bankEssayTextOnly'],
      ['Moodle 3.x', 'bankEssayTextOnly'],
    ]);
  });
});
