/**
 * Text lengths as a person counts them: grapheme clusters (`Intl.Segmenter`), so that an emoji, a
 * flag or a letter with its accents is one character, not the two to a dozen UTF-16 code units a
 * string's `length` (and a textarea's `maxLength`) counts. The server's check and the app's field
 * count with the same function, so both agree on what fits. Kept out of contract/structs.ts, which
 * every page loads: only the exam room's chunk needs it.
 */
import { refineKeepingNotes, type Struct, size, string } from './structs.ts';

/**
 * Beside the count of characters, a bound on the code units: one character can be made of any
 * number of combining marks, and a message travels with every heartbeat. Twenty a character on
 * average keeps the longest family emoji (11) and flags (4) well inside it.
 */
export const UNITS_PER_CHARACTER = 20;

let segmenter: Intl.Segmenter | undefined;

/** The characters of `text` as a person counts them. */
export function characterCount(text: string): number {
  // Built on first use: a page that counts nothing builds no Intl object (a first one costs 40–130 ms).
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let count = 0;
  for (const _ of segmenter.segment(text)) count += 1;
  return count;
}

/** `text` cut to its first `max` characters (never inside one), as a field keeps what fits. */
export function clipCharacters(text: string, max: number): string {
  // No more code units than `max` means no more characters: nothing to count.
  if (text.length <= max) return text;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let count = 0;
  for (const { index } of segmenter.segment(text)) {
    if (count === max) return text.slice(0, index);
    count += 1;
  }
  return text;
}

/**
 * A string of `min` to `max` characters as a person counts them. The document publishes the outer
 * bound JSON Schema can state: at most UNITS_PER_CHARACTER code units a character on average.
 */
export function characters(
  min: number,
  max: number,
  message = `must be from ${min} to ${max} characters`,
): Struct<string, null> {
  return refineKeepingNotes(size(string(), min, max * UNITS_PER_CHARACTER), 'characters', (text) => {
    // Up to `max` code units are at most `max` characters, and one or more at least one.
    if (text.length <= max && min <= 1) return true;
    const count = characterCount(text);
    return (count >= min && count <= max) || message;
  });
}
