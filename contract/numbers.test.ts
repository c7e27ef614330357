import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from './locale.ts';
import { type NumberProblem, parseNumber, writeNumber } from './numbers.ts';

type Expected = number | NumberProblem;
const NBSP = '\u00a0';
const NARROW = '\u202f';

/** What every language reads the same way. */
const EVERYWHERE: [string, Expected][] = [
  ['0', 0],
  ['7', 7],
  ['42', 42],
  ['0,75', 0.75],
  ['0.75', 0.75],
  ['-3', -3],
  ['\u22123', -3],
  ['\u2013 3', -3],
  ['+5', 5],
  ['-0', 0],
  ['.5', 0.5],
  [',5', 0.5],
  ['5.', 5],
  ['5,', 5],
  ['  0,75  ', 0.75],
  [`1 000,5`, 1000.5],
  [`1${NBSP}000,5`, 1000.5],
  [`1${NARROW}000,5`, 1000.5],
  [`1 000.5`, 1000.5],
  [`12 345 678`, 12345678],
  [`-1${NARROW}000`, -1000],
  ['1234,5', 1234.5],
  ['007', 7],
  ['3.25', 3.25],
  ['-0,001', -0.001],
  ['6,02e23', 6.02e23],
  ['1.5E-3', 0.0015],
  ['2e\u22123', 0.002],
  ['1e400', 'too-large'],
  ['-1e400', 'too-small'],
  ['', 'empty'],
  ['   ', 'empty'],
  ['1.2.3', 'not-a-number'],
  ['1,2,3', 'not-a-number'],
  ['2e', 'not-a-number'],
  ['e5', 'not-a-number'],
  ['abc', 'not-a-number'],
  ['12a', 'not-a-number'],
  ['0x10', 'not-a-number'],
  ['Infinity', 'not-a-number'],
  ['NaN', 'not-a-number'],
  ['.', 'not-a-number'],
  [',', 'not-a-number'],
  ['-', 'not-a-number'],
  ['--3', 'not-a-number'],
  ['1 00', 'not-a-number'],
  ['1  000', 'not-a-number'],
  ['2 e3', 'not-a-number'],
  ['1 ,5', 'not-a-number'],
  ['0,12 3', 'not-a-number'],
  ['½', 'not-a-number'],
  ['١٢', 'not-a-number'],
  ['1.000,5', 'ambiguous'],
];

/** Where English, which groups thousands by commas, reads otherwise than the comma languages. */
const ENGLISH: [string, Expected][] = [
  ['1,000', 1000],
  ['1,000,000', 1000000],
  ['-12,345.5', -12345.5],
  ['1,000.5', 1000.5],
  ['0,750', 0.75],
  ['1,5', 1.5],
  ['1,00.5', 'not-a-number'],
  ['1,000,00', 'not-a-number'],
];
const COMMA_LANGUAGES: [string, Expected][] = [
  ['1,000', 1],
  ['1,000,000', 'not-a-number'],
  ['-12,345.5', 'ambiguous'],
  ['1,000.5', 'ambiguous'],
  ['0,750', 0.75],
  ['1,5', 1.5],
  ['1,00.5', 'ambiguous'],
  ['1.000.000', 'not-a-number'],
];

const tableOf = (locale: Locale) => [...EVERYWHERE, ...(locale === 'en' ? ENGLISH : COMMA_LANGUAGES)];
const outcome = (typed: string, locale: Locale): Expected => {
  const parsed = parseNumber(typed, locale);
  return parsed.ok ? parsed.value : parsed.problem;
};

describe.each(LOCALES)('numbers typed in %s', (locale) => {
  it('holds at least 40 inputs', () => expect(tableOf(locale).length).toBeGreaterThanOrEqual(40));

  it.each(tableOf(locale))('%j reads as %j', (typed, expected) => {
    const got = outcome(typed, locale);
    expect(Object.is(got, -0) ? 0 : got).toBe(expected);
  });

  it('writes back every number so that it reads the same', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        const written = writeNumber(value, locale);
        expect(outcome(written, locale)).toBe(value === 0 ? 0 : value);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back the whole numbers it writes grouped', () => {
    for (const value of [999, 1000, 12345, 1234567, -9876543210, Number.MAX_SAFE_INTEGER]) {
      expect(outcome(writeNumber(value, locale), locale)).toBe(value);
    }
  });
});

describe('writeNumber', () => {
  it('writes each language’s separators and keeps every digit', () => {
    expect(writeNumber(0.75, 'en')).toBe('0.75');
    expect(writeNumber(0.75, 'uk')).toBe('0,75');
    expect(writeNumber(0.125, 'pl')).toBe('0,125');
    expect(writeNumber(1000.5, 'en')).toBe('1,000.5');
    expect(writeNumber(1000.5, 'ru')).toBe(`1${NBSP}000,5`);
    expect(writeNumber(1234, 'pl')).toBe('1234');
    expect(writeNumber(12345, 'pl')).toBe(`12${NBSP}345`);
    expect(writeNumber(-3, 'uk')).toBe('-3');
    expect(writeNumber(1.5e-7, 'uk')).toBe('1,5e-7');
    expect(writeNumber(2e21, 'en')).toBe('2e21');
  });
});

describe('a field’s rules', () => {
  it('refuses a fraction where a whole number is asked, and what is out of range', () => {
    expect(parseNumber('5,0', 'uk', { whole: true })).toEqual({ ok: true, value: 5 });
    expect(parseNumber('2,5', 'uk', { whole: true })).toEqual({ ok: false, problem: 'not-whole' });
    expect(parseNumber('0', 'pl', { min: 1, max: 10 })).toEqual({ ok: false, problem: 'too-small' });
    expect(parseNumber('11', 'pl', { min: 1, max: 10 })).toEqual({ ok: false, problem: 'too-large' });
    expect(parseNumber('10', 'pl', { min: 1, max: 10 })).toEqual({ ok: true, value: 10 });
  });
});
