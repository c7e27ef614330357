import { cached } from './intl-cache.ts';
import { LOCALE_TAGS, type Locale } from './locales.ts';
import { formatWholeNumber } from './whole-numbers.ts';

/** Short unit names, which in these locales do not change with the number. */
const UNITS: Record<Locale, { hour: string; minute: string; and: string }> = {
  en: { hour: 'hr', minute: 'min', and: ' ' },
  uk: { hour: 'год', minute: 'хв', and: ' і ' },
  ru: { hour: 'ч', minute: 'мин', and: ' ' },
  pl: { hour: 'godz.', minute: 'min', and: ' i ' },
};

/** `percent` is 0–100, as the API sends it. */
export function formatPercent(locale: Locale, percent: number): string {
  const tag = LOCALE_TAGS[locale];
  return cached(`p:${tag}`, () => new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 })).format(
    percent / 100,
  );
}

export function formatDateTime(locale: Locale, epochMs: number): string {
  const tag = LOCALE_TAGS[locale];
  return cached(`d:${tag}`, () => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' })).format(
    epochMs,
  );
}

/** A lesson's length, such as "1 hr 30 min" or "45 min", in the locale's own words. */
export function formatDuration(locale: Locale, totalSeconds: number): string {
  const minutesTotal = Math.max(0, Math.round(totalSeconds / 60));
  const hours = Math.floor(minutesTotal / 60);
  const minutes = minutesTotal % 60;
  // Without Intl, as counts are (whole-numbers.ts says why); whole-numbers.test.ts holds it to Intl.
  const units = UNITS[locale];
  const parts: string[] = [];
  if (hours > 0) parts.push(`${formatWholeNumber(locale, hours)} ${units.hour}`);
  if (minutes > 0 || hours === 0) parts.push(`${formatWholeNumber(locale, minutes)} ${units.minute}`);
  return parts.join(units.and);
}

/** A list of words joined the way the locale joins them: "a, b and c". */
export function formatList(locale: Locale, items: readonly string[]): string {
  const tag = LOCALE_TAGS[locale];
  return cached(`c:${tag}`, () => new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' })).format(items);
}
