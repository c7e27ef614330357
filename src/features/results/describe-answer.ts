import type { AnswerValue } from '../../../contract/index.ts';
import { formatNumber } from '../../i18n/counts.ts';
import { formatList } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';

type Options = readonly { id: string; text: string }[] | undefined;

/** An answer as people read it: option texts instead of ids, numbers in the locale's digits. */
export function describeAnswer(locale: Locale, value: AnswerValue, options: Options): string {
  const textOf = (id: string) => options?.find((option) => option.id === id)?.text ?? id;
  if (Array.isArray(value)) return formatList(locale, value.map(textOf));
  if (typeof value === 'number') return formatNumber(locale, value);
  if (typeof value === 'object')
    return formatList(
      locale,
      Object.values(value).map((part) => textOf(String(part))),
    );
  return options ? textOf(value) : value;
}
