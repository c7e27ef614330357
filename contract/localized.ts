import type { Locale } from './locale.ts';

export type Localized<T = string> = Partial<Record<Locale, T>>;

/**
 * The value in the lesson's primary language. A lesson's texts are stored with the primary
 * language first (server/services/question-banks/lesson-files.ts writes them so), and a catalog text
 * has all four.
 */
export function primaryOf<T>(text: Localized<T> | null | undefined): T | undefined {
  return text ? Object.values(text).find((value) => value !== undefined) : undefined;
}
