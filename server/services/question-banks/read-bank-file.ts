/**
 * One uploaded file, its format recognised from its content (never its name): Zalik's own lesson
 * JSON, Moodle XML (`<quiz>`), a QTI item (`<assessmentItem>`) or content package (a zip with
 * `imsmanifest.xml`), a spreadsheet (CSV whose first row names a `question` column, or an XLSX
 * workbook), Aiken (lines `ANSWER: B`, no braces) or GIFT (answers in braces). A
 * file that is none of them, or is broken, is refused with one message and nothing of it is kept.
 */
import type { Locale } from '../../../contract/locale.ts';
import { type Phrase, phrase, say } from '../../i18n/messages.ts';
import { readAiken } from './aiken.ts';
import { type Bank, BankBuilder } from './bank.ts';
import { csvRows } from './csv.ts';
import { readGift } from './gift.ts';
import { readMoodleXml } from './moodle-xml.ts';
import { readQtiItem, readQtiPackage } from './qti.ts';
import { parseXml } from './safe-xml.ts';
import { isZip, unzipSafely } from './safe-zip.ts';
import { isQuestionHeader, readSpreadsheet } from './spreadsheet.ts';
import { place } from './where.ts';
import { xlsxRows } from './xlsx.ts';

/** `translations`: the same questions in other languages (a spreadsheet's other column sets). */
export type BankFile =
  | { lesson: unknown }
  | { bank: Bank; translations?: { language: Locale; bank: Bank }[] }
  | { refused: Phrase };

function sheet(rows: string[][] | Phrase, format: 'csv' | 'xlsx', language: Locale): BankFile {
  if ('key' in rows) return { refused: rows };
  const read = readSpreadsheet(rows, format, language);
  if ('key' in read) return { refused: read };
  return {
    bank: read.bank.bank,
    translations: read.translations.map((t) => ({ language: t.language, bank: t.bank.bank })),
  };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The file's text, its byte order mark aside; null when it is not UTF-8. */
function textOf(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return null;
  }
}

/**
 * The format tests run in time linear in the file: no pattern may try each of n places with a scan
 * of what follows (a file of `a{` repeated, or of empty lines, took seconds per 100 KB that way).
 * Horizontal blanks only around `ANSWER:`, so that no match starts over a run of empty lines.
 */
const looksAiken = (text: string) =>
  /^[ \t]*ANSWER[ \t]*:[ \t]*[A-Z][ \t\r]*$/im.test(text) && !hasUnescaped(text, '{', 0) && !hasUnescaped(text, '}', 0);

/** Where `char` stands from `from` on without a backslash before it; -1 when nowhere. */
function unescapedAt(text: string, char: string, from: number): number {
  for (let at = text.indexOf(char, from); at !== -1; at = text.indexOf(char, at + 1)) {
    let backslashes = 0;
    while (at - backslashes - 1 >= 0 && text[at - backslashes - 1] === '\\') backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}
const hasUnescaped = (text: string, char: string, from: number) => unescapedAt(text, char, from) !== -1;

/** GIFT: an unescaped `{` with an unescaped `}` somewhere after it. */
function looksGift(text: string): boolean {
  const open = unescapedAt(text, '{', 0);
  return open !== -1 && hasUnescaped(text, '}', open + 1);
}

export function readBankFile(bytes: Uint8Array, language: Locale): BankFile {
  if (isZip(bytes)) {
    const files = unzipSafely(bytes);
    if ('key' in files) return { refused: files };
    if (files.has('xl/workbook.xml')) return sheet(xlsxRows(files), 'xlsx', language);
    if (files.has('imsmanifest.xml')) {
      const read = readQtiPackage(files);
      return 'key' in read ? { refused: read } : { bank: read.bank };
    }
    return { refused: phrase('bankUnknownFormat') };
  }
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
    if (root?.localName === 'assessmentItem') {
      const bank = new BankBuilder('qti');
      // An item alone: the pictures it names are not with it (the report says so).
      readQtiItem(root, place.item(root.getAttribute('identifier') ?? '1'), () => null, bank);
      return { bank: bank.bank };
    }
    return { refused: phrase('bankUnknownFormat') };
  }
  if (isQuestionHeader(csvRows(text.split(/\r?\n/, 1)[0] ?? '')[0] ?? [])) return sheet(csvRows(text), 'csv', language);
  if (looksAiken(text)) return { bank: readAiken(text).bank };
  if (looksGift(text)) return { bank: readGift(text, trueFalse).bank };
  return { refused: phrase('bankUnknownFormat') };
}
