import { cached } from './intl-cache.ts';
import { LOCALE_TAGS, type Locale } from './locales.ts';
import { formatWholeNumber } from './whole-numbers.ts';

/** Short unit names, which in these locales do not change with the number. */
const UNITS: Record<Locale, { hour: string; minute: string; second: string; and: string }> = {
  en: { hour: 'hr', minute: 'min', second: 's', and: ' ' },
  uk: { hour: 'год', minute: 'хв', second: 'с', and: ' і ' },
  ru: { hour: 'ч', minute: 'мин', second: 'с', and: ' ' },
  pl: { hour: 'godz.', minute: 'min', second: 's', and: ' i ' },
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

/** A span to the second, such as "40 s", "3 min 5 s" or "1 hr 2 min": how long something lasted. */
export function formatSpan(locale: Locale, ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const units = UNITS[locale];
  if (total >= 3600) return formatDuration(locale, total);
  const [minutes, seconds] = [Math.floor(total / 60), total % 60];
  const parts: string[] = [];
  if (minutes > 0) parts.push(`${formatWholeNumber(locale, minutes)} ${units.minute}`);
  if (seconds > 0 || minutes === 0) parts.push(`${formatWholeNumber(locale, seconds)} ${units.second}`);
  return parts.join(units.and);
}

/** A list of words joined the way the locale joins them: "a, b and c". */
export function formatList(locale: Locale, items: readonly string[]): string {
  const tag = LOCALE_TAGS[locale];
  return cached(`c:${tag}`, () => new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' })).format(items);
}
