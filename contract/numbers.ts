/**
 * Numbers as people type them, and as each language writes them back. The one reader of a number
 * typed as text, for every field of the app and anything the server takes as text.
 *
 * The rules, for every interface language:
 * - A decimal comma is as good as a decimal point (`0,75` and `0.75`): three of our four languages
 *   write the comma, and people type what their school taught whatever the interface says.
 * - Thousands may be grouped by spaces (ordinary, no-break, narrow or thin), in groups of three.
 * - English also groups by commas: `1,000` is a thousand and `1,000.5` a thousand and a half. A
 *   lone comma that cannot be such a group (`0,75`, `1,5`, `1234,5`) is a decimal comma.
 * - In Ukrainian, Russian and Polish a comma is only ever the decimal separator, so `1,000.5`, with
 *   two separators that could each be the decimal one, is ambiguous and refused; so is `1.000,5`
 *   everywhere.
 * - A minus may be the hyphen or any dash a keyboard or a phone's autocorrection types (−, –, ‒);
 *   a plus is allowed; `.5` and `5.` are numbers; `6,02e23` is one too.
 * - Anything else (`1.2.3`, `1,2,3`, `2e`, letters) is not a number.
 */
import type { Locale } from './locale.ts';
import { groupDigits, NUMBER_STYLES } from './number-style.ts';

export type NumberProblem = 'empty' | 'not-a-number' | 'ambiguous' | 'not-whole' | 'too-small' | 'too-large';

export type ParsedNumber = { ok: true; value: number } | { ok: false; problem: NumberProblem };

/** What a field asks of its number beyond being one. */
export interface NumberRules {
  whole?: boolean;
  min?: number;
  max?: number;
}

const MINUS = /^[-\u2212\u2013\u2012\ufe63\uff0d]/;
const SPACE = /[ \u00a0\u202f\u2009\u2007]/;
const SPACES = /[ \u00a0\u202f\u2009\u2007]/g;
const DIGITS = /^\d+$/;
const EXPONENT = /^[+\-\u2212]?\d{1,6}$/;

/** Whole-part groups: a first of one to three digits (not a lone leading zero), then threes. */
function isGrouped(groups: string[]): boolean {
  const [first = '', ...rest] = groups;
  return (
    rest.length > 0 &&
    /^\d{1,3}$/.test(first) &&
    !(first === '0' || (first.length > 1 && first.startsWith('0'))) &&
    rest.every((g) => /^\d{3}$/.test(g))
  );
}

/** The whole part's digits, or null when its grouping is not one of thousands. */
function wholeDigits(part: string, commaGroups: boolean): string | null {
  if (part === '') return '';
  const bySpace = SPACE.test(part);
  if (bySpace && commaGroups) return null;
  const groups = part.split(bySpace ? SPACE : commaGroups ? ',' : /(?!)/);
  if (groups.length === 1) return DIGITS.test(part) ? part : null;
  return isGrouped(groups) ? groups.join('') : null;
}

type Split = { whole: string; fraction: string; commaGroups: boolean } | 'ambiguous' | null;

/** Which separator is the decimal one (see the rules at the top). */
function splitDecimal(text: string, locale: Locale): Split {
  const commas = text.split(',').length - 1;
  const points = text.split('.').length - 1;
  const english = locale === 'en';
  if (commas > 0 && points > 0) {
    if (!english || points > 1 || text.lastIndexOf(',') > text.indexOf('.')) return 'ambiguous';
    const [whole = '', fraction = ''] = text.split('.');
    return { whole, fraction, commaGroups: true };
  }
  if (points > 1) return null;
  if (points === 1) {
    const [whole = '', fraction = ''] = text.split('.');
    return { whole, fraction, commaGroups: false };
  }
  if (commas === 0) return { whole: text, fraction: '', commaGroups: false };
  if (english && wholeDigits(text, true) !== null) return { whole: text, fraction: '', commaGroups: true };
  if (commas > 1) return null;
  const [whole = '', fraction = ''] = text.split(',');
  return { whole, fraction, commaGroups: false };
}

/** Reads a number typed in `locale` (or in any of the others' ways that is not ambiguous). */
export function parseNumber(typed: string, locale: Locale, rules: NumberRules = {}): ParsedNumber {
  let text = typed.trim();
  if (text === '') return { ok: false, problem: 'empty' };
  let negative = false;
  if (MINUS.test(text) || text.startsWith('+')) {
    negative = !text.startsWith('+');
    text = text.slice(1).trimStart();
  }
  let exponent = '0';
  const e = text.search(/e/i);
  if (e >= 0) {
    exponent = text.slice(e + 1).replace('\u2212', '-');
    if (!EXPONENT.test(exponent)) return { ok: false, problem: 'not-a-number' };
    text = text.slice(0, e);
  }
  // Only digits, separators and spaces, and spaces only between digits (not `2 e3`, not `- `).
  if (!/^[\d.,]+$/.test(text.replace(SPACES, '')) || SPACE.test(text.at(0) ?? '') || SPACE.test(text.at(-1) ?? '')) {
    return { ok: false, problem: 'not-a-number' };
  }
  const split = splitDecimal(text, locale);
  if (split === 'ambiguous') return { ok: false, problem: 'ambiguous' };
  const whole = split && wholeDigits(split.whole, split.commaGroups);
  if (!split || whole === null || !(split.fraction === '' || DIGITS.test(split.fraction))) {
    return { ok: false, problem: 'not-a-number' };
  }
  if (whole === '' && split.fraction === '') return { ok: false, problem: 'not-a-number' };
  const magnitude = Number(`${whole || '0'}.${split.fraction || '0'}e${exponent}`);
  if (!Number.isFinite(magnitude)) return { ok: false, problem: negative ? 'too-small' : 'too-large' };
  const value = negative && magnitude !== 0 ? -magnitude : magnitude;
  return checkRules(value, rules);
}

/** A number already read, held to a field's rules. */
export function checkRules(value: number, rules: NumberRules): ParsedNumber {
  if (rules.whole && !Number.isInteger(value)) return { ok: false, problem: 'not-whole' };
  if (rules.min !== undefined && value < rules.min) return { ok: false, problem: 'too-small' };
  if (rules.max !== undefined && value > rules.max) return { ok: false, problem: 'too-large' };
  return { ok: true, value };
}

/**
 * A number as `locale` writes it, every digit kept (0.125 stays 0.125): what a field shows back is
 * exactly what the app sends. parseNumber reads it back to the same number in every language.
 */
export function writeNumber(value: number, locale: Locale): string {
  const [mantissa = '', exponent] = String(Math.abs(value)).split('e');
  const [whole = '', fraction] = mantissa.split('.');
  const written = groupDigits(whole, locale) + (fraction ? NUMBER_STYLES[locale].decimal + fraction : '');
  const sign = value < 0 ? '-' : '';
  return sign + written + (exponent ? `e${exponent.replace('+', '')}` : '');
}
