import { describe, expect, it } from 'vitest';
import { formatDuration } from './format.ts';
import { LOCALE_TAGS, LOCALES } from './locales.ts';
import { formatWholeNumber, wholeNumberPluralForm } from './whole-numbers.ts';

// Every rule in whole-numbers.ts is held to Intl's own output, number by number.
const around = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const large = [
  ...around(99_990, 100_010),
  ...around(999_990, 1_000_010),
  123_456_789,
  1_000_000_000,
  2 ** 31,
  2 ** 40 + 7,
  Number.MAX_SAFE_INTEGER,
];
const samples = [...around(-20_000, 20_000), ...large, ...large.map((n) => -n)];

describe.each(LOCALES)('whole numbers in %s', (locale) => {
  const tag = LOCALE_TAGS[locale];

  it('are written as Intl.NumberFormat writes them', () => {
    const intl = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
    const mismatches = samples.filter((n) => formatWholeNumber(locale, n) !== intl.format(n));
    expect(mismatches.slice(0, 5).map((n) => [n, formatWholeNumber(locale, n), intl.format(n)])).toEqual([]);
  });

  it('take the plural form Intl.PluralRules gives them', () => {
    const rules = new Intl.PluralRules(tag);
    const mismatches = samples.filter((n) => wholeNumberPluralForm(locale, n) !== rules.select(n));
    expect(mismatches.slice(0, 5).map((n) => [n, wholeNumberPluralForm(locale, n), rules.select(n)])).toEqual([]);
  });

  it('write lesson lengths as Intl writes hours and minutes', () => {
    const unit = (name: 'hour' | 'minute') =>
      new Intl.NumberFormat(tag, { style: 'unit', unit: name, unitDisplay: 'short' });
    const list = new Intl.ListFormat(tag, { style: 'narrow', type: 'unit' });
    const viaIntl = (hours: number, minutes: number) => {
      const parts: string[] = [];
      if (hours > 0) parts.push(unit('hour').format(hours));
      if (minutes > 0 || hours === 0) parts.push(unit('minute').format(minutes));
      return list.format(parts);
    };
    // Every length from nothing to two days, minute by minute, and a few absurd ones.
    const lengths = [...around(0, 48 * 60), 1234 * 60 + 5, 12_345 * 60];
    const mismatches = lengths.filter(
      (total) => formatDuration(locale, total * 60) !== viaIntl(Math.floor(total / 60), total % 60),
    );
    expect(mismatches.slice(0, 5)).toEqual([]);
  });
});
