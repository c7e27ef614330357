import type { Locale } from '../../i18n/locales.ts';
import { LOCALE_TAGS } from '../../i18n/locales.ts';

/**
 * How late an offline answer arrived, in the locale's own short units: "3 hr, 5 min", "2 min, 10 sec",
 * "40 sec". Minutes and seconds are enough to judge an answer; days read as hours.
 */
export function formatDelay(locale: Locale, ms: number): string {
  const tag = LOCALE_TAGS[locale];
  const total = Math.max(1, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const unit = (name: 'hour' | 'minute' | 'second', value: number) =>
    new Intl.NumberFormat(tag, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const parts: string[] = [];
  if (hours > 0) parts.push(unit('hour', hours));
  if (minutes > 0) parts.push(unit('minute', minutes));
  // Seconds matter only while the delay is short.
  if (hours === 0 && (seconds > 0 || parts.length === 0)) parts.push(unit('second', seconds));
  return new Intl.ListFormat(tag, { style: 'narrow', type: 'unit' }).format(parts);
}
