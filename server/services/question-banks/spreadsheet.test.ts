import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { say } from '../../i18n/messages.ts';
import { readBankFile } from './read-bank-file.ts';
import { SPREADSHEET_HEADER } from './spreadsheet.ts';
import { writeXlsx } from './xlsx.ts';

const sheet = readFileSync(join(import.meta.dirname, 'fixtures', 'teacher-sheet.csv'));

describe('reading a spreadsheet of questions', () => {
  it('reads a CSV saved with semicolons and decimal commas, in two languages, skipping what it cannot take', () => {
    const read = readBankFile(sheet, 'uk');
    if (!('bank' in read)) throw new Error(JSON.stringify(read));
    expect(read.bank.format).toBe('csv');
    const questions = read.bank.categories.flatMap((c) => c.questions.map((q) => [c.name, q.text, q.points, q.answer]));
    expect(questions).toEqual([
      [
        'Половини',
        'Половина від 8?',
        1,
        { type: 'single', options: [{ text: '4' }, { text: '2' }, { text: '16' }], correct: [0] },
      ],
      [
        'Половини',
        'Які дорівнюють ½?',
        2,
        { type: 'multiple', options: [{ text: '2/4' }, { text: '3/6' }, { text: '1/3' }], correct: [0, 1] },
      ],
      ['Слова', 'Одна з двох рівних частин — це …', 1, { type: 'text', accepted: ['половина', 'половинка'] }],
      ['Числа', 'Чверть від 10?', 1.5, { type: 'number', correct: 2.5, tolerance: 0.01 }],
    ]);
    expect(read.bank.categories[0]?.questions[0]?.explanation).toBe('Бо 8 : 2 = 4');
    expect(read.bank.skipped.map((r) => [r.where, say(r.said, 'en')])).toEqual([
      ['row 6', 'Skipped: the row has no question'],
      ['row 7', 'Skipped: no answer in it is marked correct (at full credit)'],
    ]);
    // The English columns are the same questions, for the same test.
    const [english] = read.translations ?? [];
    expect(english?.language).toBe('en');
    expect(english?.bank.categories.flatMap((c) => c.questions.map((q) => q.text))).toEqual([
      'Half of 8?',
      'Which equal ½?',
      'One of two equal parts is a …',
      'A quarter of 10?',
    ]);
    expect(english?.bank.categories[1]?.questions[0]?.answer).toEqual({ type: 'text', accepted: ['half', 'a half'] });
  });

  it('reads an XLSX workbook, numbers written with a decimal point whatever the language', () => {
    const rows = [
      SPREADSHEET_HEADER,
      ['Numbers', 'A quarter of 10?', 'number', '', '', '', '', '2.5', '1', '0.01', ''],
      ['Numbers', 'Half of 8?', '', '4', '2', '', '', 'a', '', '', 'Because.'],
    ];
    const read = readBankFile(writeXlsx(rows), 'pl');
    if (!('bank' in read)) throw new Error(JSON.stringify(read));
    expect(read.bank.format).toBe('xlsx');
    expect(read.bank.categories[0]?.questions.map((q) => q.answer)).toEqual([
      { type: 'number', correct: 2.5, tolerance: 0.01 },
      { type: 'single', options: [{ text: '4' }, { text: '2' }], correct: [0] },
    ]);
  });

  it('wants a header row naming a question column', () => {
    expect(readBankFile(writeXlsx([['name', 'answer']]), 'en')).toEqual({ refused: { key: 'bankSheetNoHeader' } });
  });
});
