import type { Locale } from '../../../contract/index.ts';
import { type Localized, primaryOf } from '../../../contract/localized.ts';

export { type Localized, primaryOf };

/** The text in `locale`; one its lesson lacks in that language, in the lesson's primary language. */
export function pick(text: Localized | null | undefined, locale: Locale): string {
  return text?.[locale] || primaryOf(text) || '';
}
