/**
 * A spreadsheet of questions (CSV or XLSX), one question a row under a header row naming its columns
 * in any order, case aside (the template, SPREADSHEET_HEADER, has them all):
 * - `question` (required), `a` to `t` the options, `explanation`, `category` (the block): texts, each
 *   in the language picked, or in a language of its own with a suffix, `question (uk)`, `a (pl)`: a
 *   sheet with several languages makes one test in all of them;
 * - `type`: single, multiple, text or number; when empty, read from the rest (options and one letter
 *   correct: single; several: multiple; no options and a number: number; else text);
 * - `correct`: the letters of the correct options (`B`, `A, C`), the accepted answers apart by `|`
 *   (a text answer; per language like the texts), or the number as the language writes it (`0,75`);
 * - `points` (1 when empty) and `tolerance` (0), numbers as the language writes them.
 * A row without a question, or whose correct answer cannot be read, is skipped and said by its number.
 */
import type { Locale } from '../../../contract/locale.ts';
import { LOCALES } from '../../../contract/locale.ts';
import { parseNumber } from '../../../contract/numbers.ts';
import { QUESTION_TYPE_NAMES, type QuestionType } from '../../../contract/question-types/registry.ts';
import { type Phrase, phrase } from '../../i18n/messages.ts';
import { type BankAnswer, BankBuilder, type BankFormat, nameOf } from './bank.ts';
import { plainText } from './plain-text.ts';
import type { SheetRow } from './types/bank-type.ts';
import { bankMappingsNamed } from './types/registry.ts';
import { place } from './where.ts';

export const SPREADSHEET_HEADER = [
  'category',
  'question',
  'type',
  'a',
  'b',
  'c',
  'd',
  'correct',
  'points',
  'tolerance',
  'explanation',
];

/** The template's rows: the header, and a question of each type. */
export const SPREADSHEET_TEMPLATE: string[][] = [
  SPREADSHEET_HEADER,
  ['Halves', 'What is half of 8?', 'single', '4', '2', '16', '', 'A', '1', '', 'Half means divide by two.'],
  ['Halves', 'Which equal one half?', 'multiple', '2/4', '3/6', '1/3', '', 'A, B', '2', '', ''],
  ['Words', 'One of two equal parts is a …', 'text', '', '', '', '', 'half|a half', '1', '', ''],
  ['Numbers', 'A quarter of 10?', 'number', '', '', '', '', '2.5', '1', '0.01', ''],
];
const LETTERS = 'abcdefghijklmnopqrst';
const COLUMN =
  /^(category|question|type|[a-t]|correct|points|tolerance|explanation)(?:\s*[([._:-]?\s*(uk|en|ru|pl)\s*[)\]]?)?$/;

/** Whether a first row is a header this reader knows: it names a `question` column. */
export const isQuestionHeader = (row: readonly string[]) =>
  row.some((cell) => COLUMN.exec(cell.trim().toLowerCase())?.[1] === 'question');

const isQuestionType = (name: string): name is QuestionType => (QUESTION_TYPE_NAMES as string[]).includes(name);

const number = (written: string, language: Locale): number | null => {
  const parsed = parseNumber(written, language);
  if (parsed.ok) return parsed.value;
  const plain = Number(written.trim());
  return written.trim() !== '' && Number.isFinite(plain) ? plain : null;
};

export interface SheetBanks {
  bank: BankBuilder;
  translations: { language: Locale; bank: BankBuilder }[];
}

export function readSpreadsheet(rows: string[][], format: BankFormat, picked: Locale): SheetBanks | Phrase {
  const [header = [], ...body] = rows;
  if (!isQuestionHeader(header)) return phrase('bankSheetNoHeader');
  const columns = new Map<string, number>();
  const languages: Locale[] = [];
  header.forEach((cell, at) => {
    const match = COLUMN.exec(cell.trim().toLowerCase());
    if (!match) return;
    const language = (match[2] as Locale | undefined) ?? picked;
    // A language is one the sheet has questions in.
    if (match[1] === 'question' && !languages.includes(language)) languages.push(language);
    columns.set(match[2] ? `${match[1]}:${match[2]}` : (match[1] ?? ''), at);
  });
  languages.sort((x, y) => (x === picked ? -1 : y === picked ? 1 : LOCALES.indexOf(x) - LOCALES.indexOf(y)));
  const [first = picked] = languages;
  const banks = new Map(languages.map((language) => [language, new BankBuilder(format)]));
  const cellOf = (row: string[], name: string, language?: Locale) => {
    const at =
      (language ? columns.get(`${name}:${language}`) : undefined) ??
      (language === picked || !language ? columns.get(name) : undefined);
    return (at === undefined ? '' : (row[at] ?? '')).trim();
  };

  for (const [index, row] of body.entries()) {
    const where = place.row(index + 2);
    if (row.every((cell) => cell.trim() === '')) continue;
    const question = plainText(cellOf(row, 'question', first), false);
    const name = nameOf(undefined, question);
    const letters = [...LETTERS].filter((l) => cellOf(row, l, first) !== '');
    const correctCell = cellOf(row, 'correct', first);
    const typed = cellOf(row, 'type').toLowerCase();
    const chosen = correctCell
      .toLowerCase()
      .split(/[\s,;]+/)
      .filter(Boolean);
    const sheetRow: SheetRow = {
      letters,
      chosen,
      correct: correctCell,
      number: (written) => number(written, first),
      cell: (name) => cellOf(row, name),
    };
    const type = typed || (QUESTION_TYPE_NAMES.find((name) => bankMappingsNamed(name).sheet?.guess(sheetRow)) ?? '');
    const skip = (key: Parameters<BankBuilder['skip']>[2], values?: Record<string, string | number>) => {
      for (const bank of banks.values()) bank.skip(where, name, key, values);
    };
    if (!question) {
      skip('bankSheetNoQuestion');
      continue;
    }
    const reading = isQuestionType(type) ? bankMappingsNamed(type).sheet : undefined;
    if (!isQuestionType(type) || !reading) {
      skip('bankUnsupportedType', { type });
      continue;
    }
    const points = cellOf(row, 'points') ? number(cellOf(row, 'points'), first) : 1;
    if (points === null || !(points > 0)) {
      skip('bankSheetPoints');
      continue;
    }
    const answerIn = reading.read(sheetRow);
    if (answerIn === 'bankNoCorrectAnswer') {
      skip(answerIn);
      continue;
    }
    for (const [language, bank] of banks) {
      bank.category(cellOf(row, 'category', language) || cellOf(row, 'category', first));
      const options = letters.map((l) => ({ text: plainText(cellOf(row, l, language), false) }));
      const accepted = (language === first ? correctCell : cellOf(row, 'correct', language) || correctCell).split('|');
      const answer = { type, ...answerIn({ options, accepted }) } as BankAnswer;
      const explanation = plainText(cellOf(row, 'explanation', language), false);
      bank.add({
        where,
        name,
        text: plainText(cellOf(row, 'question', language), false),
        points,
        ...(explanation ? { explanation } : {}),
        answer,
      });
    }
  }
  const [main, ...rest] = languages.map((language) => ({ language, bank: banks.get(language) as BankBuilder }));
  if (!main) return phrase('bankSheetNoHeader');
  return { bank: main.bank, translations: rest };
}
