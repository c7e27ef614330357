import { groupDigits } from '../../contract/number-style.ts';
import type { Locale } from './locales.ts';

/*
 * Whole numbers and their plural forms, written from CLDR's rules instead of Intl (format.ts writes
 * lesson lengths the same way).
 *
 * Why: in Chromium the first Intl.NumberFormat, DateTimeFormat or ListFormat a page builds costs
 * 40–130 ms while ICU loads its data, four times that on Lighthouse's phone profile, which is more
 * than the whole first render of a page. What the first screens show are counts (questions, tests,
 * minutes), and CLDR's rules for whole numbers in our four languages are short. whole-numbers.test.ts
 * holds every function here to Intl's own output; anything that is not a safe whole number goes to
 * Intl as before.
 */

/** CLDR cardinal plural categories; whole numbers in our locales use the first three and `other`. */
export type PluralForm = 'one' | 'few' | 'many' | 'other';

export function isWholeNumber(value: number): boolean {
  return Number.isSafeInteger(value);
}

/** A safe whole number as the locale writes it: 12,345 in English, 12 345 in Polish. */
export function formatWholeNumber(locale: Locale, value: number): string {
  const grouped = groupDigits(String(Math.abs(value)), locale);
  return value < 0 ? `-${grouped}` : grouped;
}

/** The plural category of a safe whole number: which form of a noun goes with it. */
export function wholeNumberPluralForm(locale: Locale, value: number): PluralForm {
  const n = Math.abs(value);
  const lastDigit = n % 10;
  const lastTwo = n % 100;
  const teen = lastTwo >= 11 && lastTwo <= 14;
  switch (locale) {
    case 'en':
      return n === 1 ? 'one' : 'other';
    case 'uk':
    case 'ru':
      if (lastDigit === 1 && lastTwo !== 11) return 'one';
      if (lastDigit >= 2 && lastDigit <= 4 && !teen) return 'few';
      return 'many';
    case 'pl':
      if (n === 1) return 'one';
      if (lastDigit >= 2 && lastDigit <= 4 && !teen) return 'few';
      return 'many';
  }
}
