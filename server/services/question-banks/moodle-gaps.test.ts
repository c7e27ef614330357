/** Moodle XML's embedded answers (Cloze), select missing words and drag and drop into text read as gaps. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { say } from '../../i18n/messages.ts';
import { readBankFile } from './read-bank-file.ts';

const bank = (() => {
  const read = readBankFile(readFileSync(join(import.meta.dirname, 'fixtures', 'moodle-gaps.xml')), 'en');
  if (!('bank' in read)) throw new Error(JSON.stringify(read));
  return read.bank;
})();
const questions = bank.categories.flatMap((c) => c.questions);

describe('Moodle XML gaps in a text', () => {
  it('reads a Cloze question’s parts as gaps: typed with or without case, a number, a drop-down', () => {
    expect(questions[0]).toMatchObject({
      name: 'Cities and sums',
      text: 'Cities and sums',
      points: 5,
      explanation: 'Paris, on the Seine.',
      answer: {
        type: 'gaps',
        passage:
          'The capital of France is [[g1]]. Two and two make [[g2]].\n\nIt lies on the [[g3]]; its name, exactly, is [[g4]].',
        gaps: [
          { kind: 'text', accepted: ['Paris'], caseSensitive: false },
          { kind: 'number', correct: 4, tolerance: 0.5 },
          { kind: 'choice', options: [{ text: 'Thames' }, { text: 'Seine' }, { text: 'Danube' }], correct: 1 },
          { kind: 'text', accepted: ['Lutetia}'], caseSensitive: true },
        ],
      },
    });
  });

  it('reads select missing words and drag and drop into text as drop-downs of each choice’s group', () => {
    expect(questions[1]?.answer).toEqual({
      type: 'gaps',
      passage: 'The [[g1]] sat on the [[g2]].',
      gaps: [
        { kind: 'choice', options: [{ text: 'cat' }, { text: 'dog' }], correct: 0 },
        { kind: 'choice', options: [{ text: 'mat' }, { text: 'hat' }], correct: 0 },
      ],
    });
    expect(questions[2]?.answer).toMatchObject({
      passage: 'Water boils at [[g1]] degrees.',
      gaps: [{ kind: 'choice', options: [{ text: '100' }, { text: '90' }], correct: 0 }],
    });
  });

  it('says what it changed, and skips a question with a part Zalik cannot hold, naming the part', () => {
    // Its weights (1, 2, 1, 1) are kept gap by gap: nothing to say of them.
    expect(bank.notes.map((n) => [n.name, n.said.key])).toEqual([['Cities and sums', 'bankPartialVariant']]);
    expect(bank.skipped.map((s) => [s.name, say(s.said, 'en')])).toEqual([
      ['Several at once', 'Skipped: a part of it (MULTIRESPONSE) has no kind of gap in Zalik'],
    ]);
  });
});
