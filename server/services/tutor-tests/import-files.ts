/**
 * Reading an import before anything is stored: a lesson file is checked as the operator's import
 * checks one (server/content/lesson-file-problems.ts), another system's bank is read into a draft
 * (server/services/question-banks/), the catalog place and the images of each are checked too, and
 * every problem is said at `files.<n>` or `files.<n>.<field>`; one problem refuses them all.
 */
import type { Locale } from '../../../contract/locale.ts';
import { ImportFile, type ImportFileReport, MAX_IMPORT_FILE_BYTES } from '../../../contract/question-banks.ts';
import { TestDraft } from '../../../contract/tutor-tests.ts';
import { checkLessonFile, failurePhrase } from '../../content/lesson-file-problems.ts';
import { HttpError, validateSafely } from '../../http-error.ts';
import { type Phrase, phrase, say } from '../../i18n/messages.ts';
import { type ImageStore, imageIdOf, imageProblem } from '../images/image-store.ts';
import type { Bank, BankRemark } from '../question-banks/bank.ts';
import { bankDraft } from '../question-banks/bank-draft.ts';
import type { BankReader } from '../question-banks/bank-reader.ts';
import { draftOf } from '../question-banks/lesson-files.ts';
import { mergeTranslation } from '../question-banks/merge-translation.ts';
import { sayWhere } from '../question-banks/where.ts';
import type { DraftProblem } from './checklist.ts';
import { checkDraftImages, said } from './draft-images.ts';

export interface ReadImport {
  drafts: TestDraft[];
  /** The images the files carry, by id. */
  embedded: Map<string, Buffer>;
  /** Each file's report, with the index of the draft it went into. */
  report: (Omit<ImportFileReport, 'test_id'> & { draft: number })[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A file's name without its extension: the new test's title. */
const titleOf = (name: string) => name.replace(/\.[a-z0-9]{1,5}$/i, '').trim() || name;

interface ReadFile {
  draft: TestDraft;
  carried: Map<string, Buffer>;
  report: Omit<ImportFileReport, 'test_id'>;
  /** The index of the file this one translates, and the language it is written in. */
  translates?: { file: number; language: Locale };
}

/** One entry of the import read into a draft, or null with its problems said at `at`. */
async function readEntry(
  entry: unknown,
  at: string,
  { language, locale, banks, owner }: Pick<ImportOptions, 'language' | 'locale' | 'banks' | 'owner'>,
  fields: Record<string, Phrase[]>,
): Promise<ReadFile | null> {
  const remarks = (list: BankRemark[]) =>
    list.map((r) => ({ where: sayWhere(r.where, locale), name: r.name, message: say(r.said, locale) }));
  let raw: unknown = entry;
  let file = at;
  let own = language;
  let translates: ReadFile['translates'];
  if (!isRecord(entry) || !('kind' in entry)) {
    const [error, upload] = validateSafely(entry, ImportFile);
    if (error) {
      for (const f of error.failures()) said(fields, [at, ...f.path].join('.'), failurePhrase(f));
      return null;
    }
    file = upload.name;
    own = upload.language ?? language;
    if (upload.translates !== undefined) translates = { file: upload.translates, language: own };
    const read = await banks.read(Buffer.from(upload.data, 'base64'), own, owner);
    if ('refused' in read) {
      said(fields, at, read.refused);
      return null;
    }
    if ('bank' in read) {
      const made = bankDraft(read.bank, own, titleOf(upload.name));
      if ('key' in made) {
        said(fields, at, made);
        return null;
      }
      const merged = withTranslations(made.draft, read.translations ?? [], titleOf(upload.name));
      if ('key' in merged) {
        said(fields, at, merged);
        return null;
      }
      if (refusedByContract(merged, at, fields)) return null;
      const report = {
        file,
        format: read.bank.format,
        imported: made.imported,
        skipped: remarks(made.skipped),
        notes: remarks(made.notes),
      };
      return {
        draft: merged,
        carried: made.embedded,
        report,
        ...(translates ? { translates } : {}),
      } satisfies ReadFile;
    }
    raw = read.lesson;
  }
  const lesson = readLesson(raw, at, fields);
  if (!lesson) return null;
  const imported = lesson.draft.blocks.reduce((sum, block) => sum + block.questions.length, 0);
  const report = { file, format: 'zalik' as const, imported, skipped: [], notes: [] };
  return {
    draft: lesson.draft,
    carried: lesson.embedded,
    report,
    ...(translates ? { translates } : {}),
  } satisfies ReadFile;
}

export interface ImportOptions {
  /** The language the texts are written in, unless a file says its own. */
  language: Locale;
  /** The language the report is said in. */
  locale: Locale;
  /** Whose import it is: their files are read in a lane of their own. */
  owner: string;
  images: ImageStore;
  banks: BankReader;
  /** A draft may be incomplete (the checklist says so later); only a catalog place that does not exist refuses it. */
  placeProblem: (draft: TestDraft) => Promise<DraftProblem | undefined>;
}

/** The bytes a base64 text stands for. */
const decodedLength = (base64: string) => Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0);

export async function readImport(files: unknown[], options: ImportOptions): Promise<ReadImport> {
  const { images, placeProblem } = options;
  // The import's whole, as the contract and the docs promise it: checked before any file is read.
  const together = files.reduce<number>(
    (sum, entry) => sum + (isRecord(entry) && typeof entry.data === 'string' ? decodedLength(entry.data) : 0),
    0,
  );
  if (together > MAX_IMPORT_FILE_BYTES) {
    const tooLarge = phrase('importTooLargeTogether', { limit: `${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB` });
    throw new HttpError(422, phrase('importRefused'), { files: [tooLarge] });
  }
  const fields: Record<string, Phrase[]> = {};
  const drafts: TestDraft[] = [];
  const embedded = new Map<string, Buffer>();
  const report: ReadImport['report'] = [];
  /** Each file's draft, by the file's index (a translation's is the draft it went into). */
  const draftOfFile = new Map<number, number>();

  for (const [index, entry] of files.entries()) {
    const at = `files.${index}`;
    const read = await readEntry(entry, at, options, fields);
    if (!read) continue;
    if (read.translates) {
      const target = draftOfFile.get(read.translates.file);
      const first = target === undefined ? undefined : drafts[target];
      if (target === undefined || !first || read.translates.file >= index) {
        said(fields, `${at}.translates`, phrase('bankTranslatesNothing'));
        continue;
      }
      const merged = mergeTranslation(first, read.draft, read.translates.language);
      if ('key' in merged) {
        said(fields, at, merged);
        continue;
      }
      if (refusedByContract(merged, at, fields)) continue;
      drafts[target] = merged;
      report.push({ ...read.report, draft: target });
      continue;
    }
    const { draft, carried } = read;
    draftOfFile.set(index, drafts.length);
    report.push({ ...read.report, draft: drafts.length });
    drafts.push(draft);
    for (const [id, bytes] of carried) embedded.set(id, bytes);
    const place = await placeProblem(draft);
    if (place) said(fields, `${at}.specialization`, place.said);
    const sizes = new Map([...embedded].map(([imageId, bytes]) => [imageId, bytes.length]));
    await checkDraftImages(images, draft, sizes).catch((error: unknown) => {
      if (!(error instanceof HttpError) || !error.fieldsSaid) throw error;
      for (const [field, list] of Object.entries(error.fieldsSaid))
        for (const p of list) if (typeof p !== 'string') said(fields, `${at}.${field}`, p);
    });
  }
  if (Object.keys(fields).length) throw new HttpError(422, phrase('importRefused'), fields);
  return { drafts, embedded, report };
}

/**
 * Whether the draft contract refuses what a file was read into (a value past its bounds, as a QTI
 * `select="1e20"`), each problem said at the file's field: stored, such a draft could never be saved.
 */
function refusedByContract(draft: TestDraft, at: string, fields: Record<string, Phrase[]>): boolean {
  const [error] = validateSafely(draft, TestDraft);
  if (!error) return false;
  for (const f of error.failures()) said(fields, [at, 'draft', ...f.path].join('.'), failurePhrase(f));
  return true;
}

/** A draft with the same questions in other languages merged in, or the phrase that refuses them. */
function withTranslations(draft: TestDraft, translations: { language: Locale; bank: Bank }[], title: string) {
  let merged: TestDraft | Phrase = draft;
  for (const { language, bank } of translations) {
    const other = bankDraft(bank, language, title);
    if ('key' in other) return other;
    merged = mergeTranslation(merged, other.draft, language);
    if ('key' in merged) return merged;
  }
  return merged;
}

/** A lesson file as a draft with the images it carries, or its problems said at `at`. */
function readLesson(raw: unknown, at: string, fields: Record<string, Phrase[]>) {
  const { problems, lesson } = checkLessonFile(raw);
  for (const p of problems) said(fields, `${at}.${p.field}`, p.said);
  if (!lesson) return null;
  const embedded = new Map<string, Buffer>();
  for (const [index, image] of (lesson.images ?? []).entries()) {
    const bytes = Buffer.from(image.data, 'base64');
    const problem = imageProblem(bytes) ?? (imageIdOf(bytes) === image.id ? null : phrase('imageDoesNotMatch'));
    if (problem) said(fields, `${at}.images.${index}.data`, problem);
    else embedded.set(image.id, bytes);
  }
  return { draft: draftOf(lesson), embedded };
}
