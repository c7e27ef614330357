import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { say } from '../../i18n/messages.ts';
import type { Bank } from './bank.ts';
import { readBankFile } from './read-bank-file.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));

function bankOf(bytes: Uint8Array, language: 'en' | 'uk' = 'en'): Bank {
  const read = readBankFile(bytes, language);
  if (!('bank' in read)) throw new Error(`not a bank: ${JSON.stringify(read)}`);
  return read.bank;
}

/** The report's lines as a reader sees them: where, name, what was said (in English). */
const lines = (list: Bank['skipped']) => list.map((r) => [r.where, r.name, say(r.said, 'en')]);

describe('reading GIFT', () => {
  const bank = bankOf(fixture('teacher.gift'));

  it('takes every kind Zalik has, into the categories the file names', () => {
    expect(bank.format).toBe('gift');
    expect(bank.categories.map((c) => [c.name, c.questions.map((q) => q.name)])).toEqual([
      ['Fractions/Halves', ['Half of 8', 'Equal fractions', 'True or false', 'Name it']],
      ['Fractions/Numbers', ['Quarter', 'Range', 'Escapes', 'Missing word', 'Essay', 'Match']],
    ]);
    // GIFT's `{}` is an essay, marked by hand.
    expect(bank.categories[1]?.questions[4]?.answer).toEqual({ type: 'essay' });
    const [half, equal, truth, name] = bank.categories[0]?.questions ?? [];
    expect(half).toMatchObject({
      where: 'line 6',
      text: 'What is half of 8?',
      points: 1,
      answer: { type: 'single', options: [{ text: '4' }, { text: '2' }, { text: '16' }], correct: [0] },
    });
    expect(equal).toMatchObject({
      text: 'Which of these equal one half?',
      explanation: 'Multiply the top and the bottom by the same number.',
      answer: { type: 'multiple', options: [{ text: '2/4' }, { text: '3/6' }, { text: '1/3' }], correct: [0, 1] },
    });
    expect(truth).toMatchObject({
      text: '\\(\\frac{1}{2} > \\frac{1}{3}\\)',
      answer: { type: 'single', options: [{ text: 'True' }, { text: 'False' }], correct: [0] },
    });
    expect(name?.answer).toEqual({ type: 'text', accepted: ['half', 'a half'] });
    const [quarter, range, escapes, missing] = bank.categories[1]?.questions ?? [];
    expect(quarter?.answer).toEqual({ type: 'number', correct: 2.5, tolerance: 0.01 });
    expect(range?.answer).toEqual({ type: 'number', correct: 3, tolerance: 2 });
    expect(escapes?.text).toBe('Is 2 = 2 { always } true: yes or no?');
    expect(missing?.text).toBe('Two quarters make _____ of a whole.');
    expect(bank.categories[1]?.questions[5]?.answer).toEqual({
      type: 'matching',
      prompts: [{ text: '1/2' }, { text: '1/4' }],
      options: [{ text: 'half' }, { text: 'quarter' }],
      correct: [0, 1],
    });
  });

  it('lists what it skipped and what it changed, each by its line and name', () => {
    expect(lines(bank.skipped)).toEqual([
      [
        'line 35',
        'This line is only a description, with no answers.',
        'Skipped: Zalik has no question type for this one (description)',
      ],
    ]);
    expect(lines(bank.notes)).toEqual([
      [
        'line 8',
        'Equal fractions',
        'Options with partial credit are all correct ones here: Zalik scores a multiple choice whole',
      ],
      ['line 19', 'Name it', 'Answers with partial credit were left out: only those at full credit are accepted'],
    ]);
  });

  it('reads several numeric answers (the one at full credit), per-answer feedback and HTML kept as text', () => {
    const source = [
      '::Year:: In which year did the first Kyiv metro line open? {#',
      '  =1960:0 # Right.',
      '  =%50%1960:3 # Close: half credit.',
      '}',
      '',
      '::Code::[html]What does this print?<br/><pre>print(2 &lt; 3)</pre>{=True # Yes. ~False # No, 2 is less than 3.}',
    ].join('\n');
    const [year, code] = bankOf(new TextEncoder().encode(source)).categories[0]?.questions ?? [];
    expect(year?.answer).toEqual({ type: 'number', correct: 1960, tolerance: 0 });
    expect(code?.text).toBe('What does this print?\n\nprint(2 < 3)');
    expect(code?.answer).toEqual({ type: 'single', options: [{ text: 'True' }, { text: 'False' }], correct: [0] });
  });

  it('writes true and false in the test’s language', () => {
    const truth = bankOf(fixture('teacher.gift'), 'uk').categories[0]?.questions[2];
    expect(truth?.answer).toMatchObject({ options: [{ text: 'Правда' }, { text: 'Неправда' }] });
  });
});

describe('reading Aiken', () => {
  it('takes single choices and skips one whose answer names no option', () => {
    const bank = bankOf(fixture('teacher-aiken.txt'));
    expect(bank.format).toBe('aiken');
    expect(bank.categories[0]?.questions.map((q) => [q.where, q.text, q.answer])).toEqual([
      [
        'line 1',
        'What is half of 8?',
        { type: 'single', options: [{ text: '4' }, { text: '2' }, { text: '16' }], correct: [0] },
      ],
      [
        'line 7',
        'Which is the largest?',
        { type: 'single', options: [{ text: '1/2' }, { text: '1/3' }, { text: '1/4' }], correct: [0] },
      ],
    ]);
    expect(lines(bank.skipped)).toEqual([
      [
        'line 12',
        'What does this question lack?',
        'Skipped: an Aiken question needs at least two options and an ANSWER line naming one of them',
      ],
    ]);
  });
});

describe('reading Moodle XML', () => {
  const bank = bankOf(fixture('moodle-bank.xml'));

  it('takes the four kinds with points, explanations, pictures and TeX', () => {
    expect(bank.format).toBe('moodle-xml');
    expect(bank.categories.map((c) => [c.name, c.questions.map((q) => q.name)])).toEqual([
      ['Default for Fractions/Halves', ['Apples', 'Equal to a half', 'Comparing']],
      ['Default for Fractions/Words and numbers', ['Name it', 'Quarter', 'Explain']],
    ]);
    const [apples, equal, comparing] = bank.categories[0]?.questions ?? [];
    expect(apples).toMatchObject({
      text: 'How many apples are half of 8?',
      points: 2,
      explanation: 'Half means «divide by two»: 8 ÷ 2 = 4.',
      image: { name: 'apple red.png', alt: 'A red apple' },
      answer: { type: 'single', correct: [0] },
    });
    expect(apples?.image?.bytes?.subarray(1, 4).toString()).toBe('PNG');
    const options = apples?.answer.type === 'single' ? apples.answer.options : [];
    expect(options.map((o) => [o.text, o.image?.alt ?? null])).toEqual([
      ['4', null],
      ['2', 'A pear'],
      ['16', null],
    ]);
    expect(equal).toMatchObject({
      text: 'Which equal \\[\\frac{1}{2}\\]?',
      answer: { type: 'multiple', correct: [0, 1] },
    });
    expect(comparing).toMatchObject({
      text: '\\(\\frac{1}{2} < \\frac{1}{3}\\)',
      answer: { type: 'single', options: [{ text: 'True' }, { text: 'False' }], correct: [1] },
    });
    const [name, quarter] = bank.categories[1]?.questions ?? [];
    expect(name?.answer).toEqual({ type: 'text', accepted: ['half', 'a half'] });
    expect(quarter?.answer).toEqual({ type: 'number', correct: 2.5, tolerance: 0.01 });
    // An essay with none of Moodle's word limits.
    expect(bank.categories[1]?.questions[2]?.answer).toEqual({ type: 'essay' });
  });

  it('lists each question it skipped by its type, and what it changed', () => {
    expect(bank.skipped.map((r) => [r.name, say(r.said, 'en')])).toEqual([
      ['Match them', 'Skipped: Zalik has no question type for this one (match)'],
      ['No right answer', 'Skipped: no answer in it is marked correct (at full credit)'],
    ]);
    expect(bank.skipped[0]?.where).toBe('line 65 (question 9)');
    expect(bank.notes.map((r) => [r.name, r.said.key])).toEqual([
      ['Equal to a half', 'bankWeightsRead'],
      ['Name it', 'bankCaseIgnored'],
      ['Name it', 'bankWildcardVariant'],
      // Its answer "halve" at 50 % is left out: said, not dropped in silence (issue 45).
      ['Name it', 'bankPartialVariant'],
      ['Quarter', 'bankUnitsDropped'],
    ]);
  });
});

describe('recognising a file and refusing what is not one', () => {
  const text = (value: string) => new TextEncoder().encode(value);

  it('knows a format by its content, whatever its name', () => {
    expect('lesson' in readBankFile(text('  {"kind": "lesson"}'), 'en')).toBe(true);
    expect(bankOf(text('\uFEFFQ?\nA. yes\nB. no\nANSWER: A\n')).format).toBe('aiken');
    expect(bankOf(text('Q? {=yes ~no}')).format).toBe('gift');
  });

  it('refuses a document type before reading (entity expansion, external entities) and broken XML', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><quiz>&lol2;</quiz>`;
    const external = `<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><quiz>&xxe;</quiz>`;
    for (const xml of [laughs, external]) {
      expect(readBankFile(text(xml), 'en')).toEqual({ refused: { key: 'bankXmlDoctype' } });
    }
    const broken = readBankFile(text('<quiz>\n<question type="truefalse">\n</quiz>'), 'en');
    expect('refused' in broken && say(broken.refused, 'en')).toMatch(/^This XML is broken/);
    expect(readBankFile(text('<html><body>no</body></html>'), 'en')).toEqual({ refused: { key: 'bankUnknownFormat' } });
  });

  it('refuses what is not UTF-8 text, broken JSON and plain prose', () => {
    expect(readBankFile(new Uint8Array([0xff, 0xfe, 0x00, 0xd8]), 'en')).toEqual({ refused: { key: 'bankNotText' } });
    expect(readBankFile(text('{"kind": "lesson",'), 'en')).toEqual({ refused: { key: 'bankJsonBroken' } });
    expect(readBankFile(text('Dear students, see you on Monday.'), 'en')).toEqual({
      refused: { key: 'bankUnknownFormat' },
    });
  });
});
