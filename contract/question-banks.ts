/**
 * Importing tests: Zalik's own lesson files, and the question banks of other systems (Moodle XML,
 * GIFT, Aiken), each recognised from its content. Each file becomes a new draft, all or none; the
 * answer reports, file by file, what was taken, what was skipped and why, and what was changed.
 */
import { wholeBetween } from './bounds.ts';
import { Language, LessonFile } from './content.ts';
import { base64Text } from './images.ts';
import { array, checkedByServer, enums, type Infer, integer, object, optional, size, string } from './structs.ts';
import { Line } from './text.ts';
import { TutorTestList } from './tutor-tests.ts';

/** How many files one import may hold. */
export const MAX_IMPORT_FILES = 20;

/**
 * The files of one import together (and so each one): a bank with every picture a test may hold
 * (20 MB) and its text. The server takes a body of that in base64 and a megabyte more
 * (MAX_IMPORT_BODY_BYTES), and refuses files whose bytes together pass it (a 422 at `files`).
 */
export const MAX_IMPORT_FILE_BYTES = 24 * 1024 * 1024;
export const MAX_IMPORT_FILE_BASE64 = Math.ceil(MAX_IMPORT_FILE_BYTES / 3) * 4;
/** An import's body: its files in base64 and a megabyte for their names and the JSON around them (a 413 past it). */
export const MAX_IMPORT_BODY_BYTES = MAX_IMPORT_FILE_BASE64 + 1024 * 1024;

/** A file as the tutor chose it: its name (for the report and the new test's title), its bytes in base64. */
export const ImportFile = object({
  name: size(Line, 1, 255),
  data: size(base64Text(MAX_IMPORT_FILE_BASE64), 4, MAX_IMPORT_FILE_BASE64),
  /** The language its texts are written in, when not the import's. */
  language: optional(Language),
  /** The index of an earlier file this one is the translation of: its texts join that file's test. */
  translates: optional(wholeBetween(0, MAX_IMPORT_FILES - 1)),
});
export type ImportFile = Infer<typeof ImportFile>;

/**
 * A file of an import: its bytes (ImportFile), or a lesson file the page has parsed (`kind:
 * "lesson"`). The server checks each itself (an ImportFile as its struct says, a lesson file as
 * `content:check` checks one: server/content/lesson-file-problems.ts), saying every problem of
 * every file at `files.<n>.<path>`, and imports none unless all are right.
 */
export const ImportEntry = checkedByServer<ImportFile | LessonFile>('import file', [ImportFile, LessonFile]);
export type ImportEntry = Infer<typeof ImportEntry>;

export const ImportTestsRequest = object({
  files: size(array(ImportEntry), 1, MAX_IMPORT_FILES),
  /** The language the imported texts are written in; the caller's interface language when absent. */
  language: optional(Language),
});

export const ImportFormat = enums(['zalik', 'moodle-xml', 'gift', 'aiken', 'qti', 'csv', 'xlsx']);
export type ImportFormat = Infer<typeof ImportFormat>;

/** A question of the file the report speaks of: where it stands (`line 12`), its title or first words. */
const ImportRemark = object({ where: string(), name: string(), message: string() });
export type ImportRemark = Infer<typeof ImportRemark>;

export const ImportFileReport = object({
  /** The file's name as sent (`files.<n>` for a parsed lesson file). */
  file: string(),
  format: ImportFormat,
  imported: integer(),
  /** The test the file became, or joined as a translation. */
  test_id: string(),
  /** Not taken: a kind of question Zalik has no type for, or one that could not be read. */
  skipped: array(ImportRemark),
  /** Taken, with a change: a text shortened, partial credit read as correct, a picture left out. */
  notes: array(ImportRemark),
});
export type ImportFileReport = Infer<typeof ImportFileReport>;

export const ImportResult = object({ tests: TutorTestList, report: array(ImportFileReport) });
export type ImportResult = Infer<typeof ImportResult>;

/** The formats a test is written out in for other systems: Moodle XML, and a QTI 2.1 content package. */
export const ExportFormat = enums(['moodle-xml', 'qti']);
export type ExportFormat = Infer<typeof ExportFormat>;

export const ExportBankQuery = object({
  format: ExportFormat,
  /** One of the test's languages; its primary one when absent. */
  language: optional(Language),
});

export const ImportTemplateQuery = object({ format: enums(['csv', 'xlsx']) });
