/**
 * One uploaded file, its format recognised from its content (never its name): Zalik's own lesson
 * JSON, Moodle XML (`<quiz>`), Aiken (lines `ANSWER: B`, no braces) or GIFT (answers in braces). A
 * file that is none of them, or is broken, is refused with one message and nothing of it is kept.
 */
import type { Locale } from '../../../contract/locale.ts';
import { type Phrase, phrase, say } from '../../i18n/messages.ts';
import { readAiken } from './aiken.ts';
import type { Bank } from './bank.ts';
import { readGift } from './gift.ts';
import { readMoodleXml } from './moodle-xml.ts';
import { parseXml } from './safe-xml.ts';

export type BankFile = { lesson: unknown } | { bank: Bank } | { refused: Phrase };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The file's text, its byte order mark aside; null when it is not UTF-8. */
function textOf(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

const looksAiken = (text: string) =>
  /^\s*ANSWER\s*:\s*[A-Z]\s*$/im.test(text) && !/[{}]/.test(text.replace(/\\[{}]/g, ''));
const looksGift = (text: string) => /(^|[^\\])\{[\s\S]*?[^\\]?\}/.test(text);

export function readBankFile(bytes: Uint8Array, language: Locale): BankFile {
  const text = textOf(bytes);
  if (text === null) return { refused: phrase('bankNotText') };
  const start = text.trimStart();
  const trueFalse: [string, string] = [say(phrase('bankTrue'), language), say(phrase('bankFalse'), language)];
  if (start.startsWith('{')) {
    try {
      return { lesson: JSON.parse(text) };
    } catch {
      return { refused: phrase('bankJsonBroken') };
    }
  }
  if (start.startsWith('<')) {
    const document = parseXml(text);
    if (!('documentElement' in document)) return { refused: document };
    const root = document.documentElement;
    if (root?.localName === 'quiz') return { bank: readMoodleXml(root, trueFalse).bank };
    return { refused: phrase('bankUnknownFormat') };
  }
  if (looksAiken(text)) return { bank: readAiken(text).bank };
  if (looksGift(text)) return { bank: readGift(text, trueFalse).bank };
  return { refused: phrase('bankUnknownFormat') };
}
