/**
 * Reading an import of lesson files before anything is stored: each file is checked as the
 * operator's import checks one (server/content/lesson-file-problems.ts), its catalog place and its
 * images too, and every problem is said at `files.<n>.<field>`; one problem refuses them all.
 */
import type { TestDraft } from '../../../contract/tutor-tests.ts';
import { checkLessonFile } from '../../content/lesson-file-problems.ts';
import { HttpError } from '../../http-error.ts';
import { type Phrase, phrase } from '../../i18n/messages.ts';
import { type ImageStore, imageIdOf, imageProblem } from '../images/image-store.ts';
import type { DraftProblem } from './checklist.ts';
import { checkDraftImages, said } from './draft-images.ts';
import { draftOf } from './lesson-files.ts';

export interface ReadImport {
  drafts: TestDraft[];
  /** The images the files carry, by id. */
  embedded: Map<string, Buffer>;
}

export async function readImport(
  files: unknown[],
  images: ImageStore,
  problemsOf: (draft: TestDraft) => Promise<DraftProblem[]>,
): Promise<ReadImport> {
  const fields: Record<string, Phrase[]> = {};
  const drafts: TestDraft[] = [];
  const embedded = new Map<string, Buffer>();
  for (const [index, raw] of files.entries()) {
    const { problems, lesson } = checkLessonFile(raw);
    for (const p of problems) said(fields, `files.${index}.${p.field}`, p.said);
    if (!lesson) continue;
    const draft = draftOf(lesson);
    drafts.push(draft);
    // A draft may be incomplete; only a catalog place that does not exist refuses the file.
    const place = (await problemsOf(draft)).find((p) => p.field === 'specialization');
    if (place) said(fields, `files.${index}.specialization`, place.said);
    for (const [at, image] of (lesson.images ?? []).entries()) {
      const bytes = Buffer.from(image.data, 'base64');
      const problem = imageProblem(bytes) ?? (imageIdOf(bytes) === image.id ? null : phrase('imageDoesNotMatch'));
      if (problem) said(fields, `files.${index}.images.${at}.data`, problem);
      else embedded.set(image.id, bytes);
    }
    const sizes = new Map([...embedded].map(([imageId, bytes]) => [imageId, bytes.length]));
    await checkDraftImages(images, draft, sizes).catch((error: unknown) => {
      if (!(error instanceof HttpError) || !error.fieldsSaid) throw error;
      for (const [field, list] of Object.entries(error.fieldsSaid))
        for (const p of list) if (typeof p !== 'string') said(fields, `files.${index}.${field}`, p);
    });
  }
  if (Object.keys(fields).length) throw new HttpError(422, phrase('importRefused'), fields);
  return { drafts, embedded };
}
