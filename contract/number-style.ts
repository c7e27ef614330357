/**
 * How each language writes a number: its decimal separator and its grouping of thousands. Apart
 * from the parser (numbers.ts) because the first page's counts need only this.
 */
import type { Locale } from './locale.ts';

/** How a language writes a number: its decimal separator and how it groups thousands. */
export interface NumberStyle {
  decimal: string;
  group: string;
  /** The fewest digits a whole part needs before it is grouped (Polish leaves 1234 alone). */
  groupFrom: number;
}

/** As CLDR (and so Intl.NumberFormat) writes them: src/i18n/whole-numbers.test.ts holds this to Intl. */
export const NUMBER_STYLES: Record<Locale, NumberStyle> = {
  en: { decimal: '.', group: ',', groupFrom: 4 },
  uk: { decimal: ',', group: '\u00a0', groupFrom: 4 },
  ru: { decimal: ',', group: '\u00a0', groupFrom: 4 },
  pl: { decimal: ',', group: '\u00a0', groupFrom: 5 },
};

/** A whole part's digits grouped by thousands as `locale` groups them: 12,345 in English, 12 345 in Polish. */
export function groupDigits(digits: string, locale: Locale): string {
  const style = NUMBER_STYLES[locale];
  if (digits.length < style.groupFrom) return digits;
  const head = digits.length % 3 || 3;
  const groups = [digits.slice(0, head)];
  for (let i = head; i < digits.length; i += 3) groups.push(digits.slice(i, i + 3));
  return groups.join(style.group);
}
