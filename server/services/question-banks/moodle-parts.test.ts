/** Moodle XML's matching and ordering questions read as Zalik's, with what did not fit said. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { say } from '../../i18n/messages.ts';
import { readBankFile } from './read-bank-file.ts';

const bank = (() => {
  const read = readBankFile(readFileSync(join(import.meta.dirname, 'fixtures', 'moodle-parts.xml')), 'en');
  if (!('bank' in read)) throw new Error(JSON.stringify(read));
  return read.bank;
})();
const questions = bank.categories.flatMap((c) => c.questions);

describe('Moodle XML matching and ordering', () => {
  it('reads a matching’s prompts, its answers and each prompt’s answer, a subquestion without text a distractor', () => {
    expect(questions.map((q) => q.name)).toEqual(['Capitals', 'Letters', 'Moodle', 'Planets', 'Whole']);
    expect(questions[0]).toMatchObject({
      text: 'Match each country to its capital.',
      points: 3,
      explanation: 'Warsaw, Kyiv, Prague.',
      answer: {
        type: 'matching',
        prompts: [{ text: 'Poland' }, { text: 'Ukraine' }, { text: 'Czechia' }],
        options: [{ text: 'Warsaw' }, { text: 'Kyiv' }, { text: 'Prague' }, { text: 'Bratislava' }],
        correct: [0, 1, 2],
      },
    });
  });

  it('takes equal answer texts as one answer, right for several prompts, as Moodle shows them', () => {
    expect(questions[1]?.answer).toEqual({
      type: 'matching',
      prompts: [{ text: 'A' }, { text: 'Á' }, { text: 'B' }],
      options: [{ text: 'a' }, { text: 'b' }, { text: 'd' }],
      correct: [0, 0, 1],
    });
  });

  it('reads an ordering’s items by their fraction, and its grading type as a marking', () => {
    expect(questions[2]?.answer).toEqual({
      type: 'ordering',
      options: [{ text: 'Modular' }, { text: 'Object' }, { text: 'Oriented' }],
      marking: 'next',
    });
    expect(questions[3]?.answer).toEqual({
      type: 'ordering',
      options: [{ text: 'Mercury' }, { text: 'Venus' }, { text: 'Earth' }],
      marking: 'position',
    });
    expect(questions[4]?.answer).toMatchObject({ type: 'ordering', marking: 'all' });
  });

  it('says what it changed and skips a matching of one prompt', () => {
    expect(bank.notes.map((n) => [n.name, say(n.said, 'en')])).toEqual([
      ['Moodle', 'Its grading type is not one of Zalik’s: it is marked per item followed by the right next item'],
      ['Planets', 'It showed takers only some of its items: Zalik shows them all'],
    ]);
    expect(bank.skipped.map((s) => [s.name, s.said.key])).toEqual([['One pair', 'bankNoCorrectAnswer']]);
  });
});
