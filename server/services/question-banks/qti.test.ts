import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipFolder } from '../../test/zip-folder.ts';
import type { Bank } from './bank.ts';
import { readBankFile } from './read-bank-file.ts';
import { UNPACKED_LIMIT } from './safe-zip.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures');

function bankOf(bytes: Uint8Array): Bank {
  const read = readBankFile(bytes, 'en');
  if (!('bank' in read)) throw new Error(`not a bank: ${JSON.stringify(read)}`);
  return read.bank;
}

describe('reading QTI 2.1', () => {
  const bank = bankOf(zipFolder(join(FIXTURES, 'qti-bank')));

  it('reads a package’s items into its test’s sections, with pictures, MathML as TeX, points and feedback', () => {
    expect(bank.format).toBe('qti');
    expect(bank.categories.map((c) => [c.name, c.questions.map((q) => q.name)])).toEqual([
      ['Halves', ['Apples', 'Equal to a half', 'Explain']],
      ['Words and numbers', ['Name it', 'Quarter', 'Order them']],
    ]);
    // An extendedTextInteraction is an essay, marked by hand: no key, no word limits in QTI.
    expect(bank.categories[0]?.questions[2]?.answer).toEqual({ type: 'essay' });
    const [apples, equal] = bank.categories[0]?.questions ?? [];
    expect(apples).toMatchObject({
      where: 'item half',
      text: 'How many apples are half of 8?\n\nChoose one.',
      points: 2,
      explanation: 'Half means divide by two.',
      image: { name: '../images/apple.png', alt: 'A red apple' },
      answer: { type: 'single', options: [{ text: '2' }, { text: '4' }, { text: '16' }], correct: [1] },
    });
    expect(apples?.image?.bytes?.subarray(1, 4).toString()).toBe('PNG');
    expect(equal).toMatchObject({
      text: 'Which equal \\(\\frac{1}{2}\\)?',
      answer: { type: 'multiple', correct: [0, 1] },
    });
    const [word, quarter, order] = bank.categories[1]?.questions ?? [];
    // Matched whole: its processing is not the partial one Zalik writes.
    expect(order).toMatchObject({
      text: 'Smallest first.',
      answer: { type: 'ordering', options: [{ text: '1/4' }, { text: '1/2' }], marking: 'all' },
    });
    expect(word).toMatchObject({
      text: 'One of two equal parts is a _____.',
      answer: { type: 'text', accepted: ['half', 'a half'] },
    });
    expect(quarter).toMatchObject({
      text: 'A quarter of \\(10\\)? _____',
      answer: { type: 'number', correct: 2.5, tolerance: 0.01 },
    });
    expect(bank.skipped).toEqual([]);
  });

  it('reads QTI 2.2 as it reads 2.1: the same elements under the 2.2 namespace', () => {
    const item = readFileSync(join(FIXTURES, 'qti-bank/items/word.xml'), 'utf8').replaceAll('v2p1', 'v2p2');
    expect(item).toContain('http://www.imsglobal.org/xsd/imsqti_v2p2');
    const read = bankOf(new TextEncoder().encode(item));
    expect(read.categories[0]?.questions[0]?.answer).toEqual({ type: 'text', accepted: ['half', 'a half'] });
  });

  it('reads an item alone, saying that the pictures it names are not with it', () => {
    const item = readFileSync(join(FIXTURES, 'qti-bank/items/half.xml'));
    const alone = bankOf(item);
    expect(alone.categories[0]?.questions[0]?.image).toEqual({
      name: '../images/apple.png',
      bytes: null,
      alt: 'A red apple',
    });
  });

  it('refuses a zip bomb, however small its own size says it is, and a broken or foreign zip', () => {
    const bomb = zipSync({ 'imsmanifest.xml': new Uint8Array(UNPACKED_LIMIT + 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(200_000);
    expect(readBankFile(bomb, 'en')).toEqual({ refused: { key: 'bankZipTooLarge', values: { limit: '64 MB' } } });
    const broken = zipFolder(join(FIXTURES, 'qti-bank')).subarray(0, 600);
    expect(readBankFile(broken, 'en')).toMatchObject({ refused: { key: 'bankZipBroken' } });
    const foreign = zipSync({ 'notes.txt': strToU8('just notes') });
    expect(readBankFile(foreign, 'en')).toEqual({ refused: { key: 'bankUnknownFormat' } });
  });
});
