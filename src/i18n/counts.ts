import { cached } from './intl-cache.ts';
import { LOCALE_TAGS, type Locale } from './locales.ts';
import { formatWholeNumber, isWholeNumber, type PluralForm, wholeNumberPluralForm } from './whole-numbers.ts';

// Counts are on nearly every first screen; the rest of the formatting (format.ts) loads with the pages that need it.

/** Whole numbers skip Intl (see whole-numbers.ts); fractions such as 2.5 points use it. */
export function formatNumber(locale: Locale, value: number): string {
  if (isWholeNumber(value)) return formatWholeNumber(locale, value);
  const tag = LOCALE_TAGS[locale];
  return cached(`n:${tag}`, () => new Intl.NumberFormat(tag, { maximumFractionDigits: 2 })).format(value);
}

/**
 * The plural category that picks a noun's form for `value` ("1 test", "5 tests"). Messages select on
 * it instead of using ICU `plural`, because Lingui formats the number of every plural message with
 * a new Intl.NumberFormat, even one that never shows it.
 */
export function pluralForm(locale: Locale, value: number): PluralForm {
  if (isWholeNumber(value)) return wholeNumberPluralForm(locale, value);
  const tag = LOCALE_TAGS[locale];
  return cached(`r:${tag}`, () => new Intl.PluralRules(tag)).select(value) as PluralForm;
}
