import { LOCALE_TAGS, type Locale } from './locales.ts';

// Intl objects are costly to build and are asked for on every render.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>(key: string, make: () => T): T {
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter as T;
}

export function formatNumber(locale: Locale, value: number): string {
  const tag = LOCALE_TAGS[locale];
  return cached(`n:${tag}`, () => new Intl.NumberFormat(tag, { maximumFractionDigits: 2 })).format(value);
}

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
  const tag = LOCALE_TAGS[locale];
  const minutesTotal = Math.max(0, Math.round(totalSeconds / 60));
  const hours = Math.floor(minutesTotal / 60);
  const minutes = minutesTotal % 60;
  const unit = (name: 'hour' | 'minute') =>
    cached(`u:${name}:${tag}`, () => new Intl.NumberFormat(tag, { style: 'unit', unit: name, unitDisplay: 'short' }));
  const parts: string[] = [];
  if (hours > 0) parts.push(unit('hour').format(hours));
  if (minutes > 0 || hours === 0) parts.push(unit('minute').format(minutes));
  return cached(`l:${tag}`, () => new Intl.ListFormat(tag, { style: 'narrow', type: 'unit' })).format(parts);
}

/** A list of words joined the way the locale joins them: "a, b and c". */
export function formatList(locale: Locale, items: readonly string[]): string {
  const tag = LOCALE_TAGS[locale];
  return cached(`c:${tag}`, () => new Intl.ListFormat(tag, { style: 'long', type: 'conjunction' })).format(items);
}
