/** The images a draft shows: each must be stored, and one test's together within IMAGE_LIMITS.perTest. */
import { IMAGE_LIMITS } from '../../../contract/images.ts';
import type { TestDraft } from '../../../contract/tutor-tests.ts';
import { HttpError } from '../../http-error.ts';
import { type Phrase, phrase } from '../../i18n/messages.ts';
import type { ImageStore } from '../images/image-store.ts';
import { draftImages } from './checklist.ts';

/** Adds what is said of a field to the others said of it. */
export function said(fields: Record<string, Phrase[]>, field: string, phrase: Phrase): void {
  fields[field] = [...(fields[field] ?? []), phrase];
}

/**
 * Every image a draft shows must be stored (an upload comes first, or `known`, an import's own
 * images by id and size), and one test's images may take IMAGE_LIMITS.perTest together, each
 * counted once; a 422 names each field.
 */
export async function checkDraftImages(
  images: ImageStore,
  draft: TestDraft,
  known = new Map<string, number>(),
): Promise<void> {
  const used = draftImages(draft);
  if (used.length === 0) return;
  const stored = await images.describe(used.map((u) => u.id).filter((id) => !known.has(id)));
  const fields: Record<string, Phrase[]> = {};
  const sizes = new Map<string, number>();
  for (const { id, field } of used) {
    const bytes = known.get(id) ?? stored.get(id)?.bytes;
    if (bytes === undefined) said(fields, field, phrase('imageNotUploaded'));
    else sizes.set(id, bytes);
  }
  const total = [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0);
  if (total > IMAGE_LIMITS.perTest) said(fields, 'images', phrase('testImagesTooLarge', { limit: '20 MB' }));
  if (Object.keys(fields).length) {
    const first = Object.values(fields)[0]?.[0] ?? phrase('imageNotUploaded');
    throw new HttpError(422, first, fields);
  }
}
