/**
 * Reading an import before anything is stored: a lesson file is checked as the operator's import
 * checks one (server/content/lesson-file-problems.ts), another system's bank is read into a draft
 * (server/services/question-banks/), the catalog place and the images of each are checked too, and
 * every problem is said at `files.<n>` or `files.<n>.<field>`; one problem refuses them all.
 */
import type { Locale } from '../../../contract/locale.ts';
import { ImportFile, type ImportFileReport } from '../../../contract/question-banks.ts';
import type { TestDraft } from '../../../contract/tutor-tests.ts';
import { checkLessonFile } from '../../content/lesson-file-problems.ts';
import { HttpError, validateSafely } from '../../http-error.ts';
import { type Phrase, phrase, say } from '../../i18n/messages.ts';
import { type ImageStore, imageIdOf, imageProblem } from '../images/image-store.ts';
import type { BankRemark } from '../question-banks/bank.ts';
import { bankDraft } from '../question-banks/bank-draft.ts';
import { readBankFile } from '../question-banks/read-bank-file.ts';
import type { DraftProblem } from './checklist.ts';
import { checkDraftImages, said } from './draft-images.ts';
import { draftOf } from './lesson-files.ts';

export interface ReadImport {
  drafts: TestDraft[];
  /** The images the files carry, by id. */
  embedded: Map<string, Buffer>;
  report: ImportFileReport[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A file's name without its extension: the new test's title. */
const titleOf = (name: string) => name.replace(/\.[a-z0-9]{1,5}$/i, '').trim() || name;

export async function readImport(
  files: unknown[],
  language: Locale,
  locale: Locale,
  images: ImageStore,
  problemsOf: (draft: TestDraft) => Promise<DraftProblem[]>,
): Promise<ReadImport> {
  const fields: Record<string, Phrase[]> = {};
  const drafts: TestDraft[] = [];
  const embedded = new Map<string, Buffer>();
  const report: ImportFileReport[] = [];
  const remarks = (list: BankRemark[]) =>
    list.map((r) => ({ where: r.where, name: r.name, message: say(r.said, locale) }));

  for (const [index, entry] of files.entries()) {
    const at = `files.${index}`;
    let raw: unknown = entry;
    let file = at;
    let carried = new Map<string, Buffer>();
    let draft: TestDraft | undefined;
    if (!isRecord(entry) || !('kind' in entry)) {
      const [error, upload] = validateSafely(entry, ImportFile);
      if (error) {
        for (const f of error.failures()) said(fields, [at, ...f.path].join('.'), phrase('fieldKind'));
        continue;
      }
      file = upload.name;
      const read = readBankFile(Buffer.from(upload.data, 'base64'), language);
      if ('refused' in read) {
        said(fields, at, read.refused);
        continue;
      }
      if ('bank' in read) {
        const made = bankDraft(read.bank, language, titleOf(upload.name));
        if ('key' in made) {
          said(fields, at, made);
          continue;
        }
        ({ draft, embedded: carried } = made);
        report.push({
          file,
          format: read.bank.format,
          imported: made.imported,
          skipped: remarks(made.skipped),
          notes: remarks(made.notes),
        });
      } else raw = read.lesson;
    }
    if (!draft) {
      const lesson = readLesson(raw, at, fields);
      if (!lesson) continue;
      ({ draft, embedded: carried } = lesson);
      const imported = draft.blocks.reduce((sum, block) => sum + block.questions.length, 0);
      report.push({ file, format: 'zalik', imported, skipped: [], notes: [] });
    }
    drafts.push(draft);
    for (const [id, bytes] of carried) embedded.set(id, bytes);
    // A draft may be incomplete; only a catalog place that does not exist refuses the file.
    const place = (await problemsOf(draft)).find((p) => p.field === 'specialization');
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
