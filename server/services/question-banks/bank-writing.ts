/**
 * What the two writers (Moodle XML, QTI) share: a published test's lesson file read in one of its
 * languages, its pictures' bytes, and text made safe for XML.
 */
import type { LocalizedText } from '../../../contract/content.ts';
import type { Locale } from '../../../contract/locale.ts';

export interface BankPicture {
  type: string;
  bytes: Buffer;
}

export interface WrittenBank {
  /** The file's name to download it under. */
  name: string;
  type: string;
  bytes: Buffer;
}

export const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

/** `&`, `<`, `>` and quotes as XML writes them; control characters XML 1.0 cannot hold go. */
export function xmlEscape(text: string): string {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing what XML 1.0 cannot hold is the point.
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

/** A Zalik text (plain, with line breaks) as HTML: escaped, each line break a `<br>`. */
export const htmlOf = (text: string) => xmlEscape(text).replace(/\n/g, '<br>');

/** The text in the language written, else the file's first (its primary language). */
export function inLanguage(text: LocalizedText | undefined, language: Locale, primary: Locale): string {
  return text?.[language] ?? text?.[primary] ?? '';
}

/** A name safe in a file's name: letters, digits and dashes. */
export const fileNameOf = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'test';
