/**
 * A tutor's test written out for another system, from the lesson file its export gives (complete, with
 * its pictures): Moodle XML or a QTI 2.1 package, in one of the test's languages (its primary one by
 * default; another is refused).
 */
import type { LessonFile } from '../../../contract/content.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { ExportFormat } from '../../../contract/question-banks.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import type { FormulaChecker } from '../formulas/formula-checker.ts';
import { csvCell } from '../platform/csv-cell.ts';
import type { BankPicture, WrittenBank } from './bank-writing.ts';
import { writeMoodleXml } from './moodle-xml-writer.ts';
import { writeQtiPackage } from './qti-writer.ts';
import { SPREADSHEET_TEMPLATE } from './spreadsheet.ts';
import { writeXlsx } from './xlsx.ts';

/**
 * `formulas` renders a QTI package's formulas on its threads: temml is synchronous, and 48 heavy
 * formulas rendered on the event loop held `/health` for seconds.
 */
export async function writeBank(
  file: LessonFile,
  format: ExportFormat,
  language: Locale | undefined,
  formulas: Pick<FormulaChecker, 'render'>,
): Promise<WrittenBank> {
  const languages = file.languages ?? [];
  const chosen = language ?? languages[0];
  if (!chosen || !languages.includes(chosen)) throw new HttpError(422, phrase('bankExportLanguage'));
  const pictures = new Map<string, BankPicture>(
    (file.images ?? []).map((image) => [image.id, { type: image.type, bytes: Buffer.from(image.data, 'base64') }]),
  );
  if (format !== 'qti') return writeMoodleXml(file, chosen, pictures);
  return writeQtiPackage(file, chosen, pictures, (list) => formulas.render(list));
}

/** `Content-Disposition` for a download whose name may not be ASCII (RFC 6266 with RFC 5987's `filename*`). */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The spreadsheet to fill in: CSV (UTF-8 with a byte order mark, so that spreadsheets read Cyrillic and Polish) or XLSX. */
export function importTemplate(format: 'csv' | 'xlsx'): WrittenBank {
  if (format === 'xlsx') {
    return {
      name: 'zalik-questions.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      bytes: writeXlsx(SPREADSHEET_TEMPLATE),
    };
  }
  const csv = SPREADSHEET_TEMPLATE.map((row) => row.map(csvCell).join(',')).join('\r\n');
  return { name: 'zalik-questions.csv', type: 'text/csv; charset=utf-8', bytes: Buffer.from(`\uFEFF${csv}\r\n`) };
}
