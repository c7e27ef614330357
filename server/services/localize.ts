import type { Locale } from '../../contract/index.ts';

export type Localized = Record<Locale, string>;

export function pick(text: Localized | null | undefined, locale: Locale): string {
  return text?.[locale] ?? text?.en ?? '';
}
