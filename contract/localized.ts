import { isLocale, type Locale } from './locale.ts';

export type Localized<T = string> = Partial<Record<Locale, T>>;

/**
 * The value in the lesson's primary language. A lesson's texts are stored with the primary
 * language first (server/services/question-banks/lesson-files.ts writes them so), and a catalog text
 * has all four.
 */
export function primaryOf<T>(text: Localized<T> | null | undefined): T | undefined {
  return text ? Object.values(text).find((value) => value !== undefined) : undefined;
}

/**
 * The languages a text is written in, in its order (the primary one first). Every text of a lesson
 * has exactly its lesson's languages, so one text (its title) names the lesson's.
 */
export function writtenIn(text: Localized | null | undefined): Locale[] {
  return Object.entries(text ?? {})
    .filter(([language, value]) => isLocale(language) && Boolean(value))
    .map(([language]) => language as Locale);
}

/**
 * The language a lesson reaches someone reading in `locale`: that one where the lesson is written in
 * it, else its primary one, as the server picks each text (server/services/catalog/localize.ts).
 */
export function shownLanguage(languages: readonly Locale[] | undefined, locale: Locale): Locale {
  return !languages?.length || languages.includes(locale) ? locale : (languages[0] as Locale);
}
