/**
 * Moves every image the `images` table names from one kind of store to another (`npm run
 * images:move`), e.g. from the folder to the database or a bucket when a second machine comes. Each
 * image is read whole (at most 1 MB), checked against its name (its SHA-256) and size, written, and
 * only then, when every image is in the new place, removed from the old one. Safe to run again: what
 * is already there is checked and kept; safe beside running servers, which read an image from the
 * folder until it is gone from it.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type ImageBlobs, readAll } from './image-blobs.ts';

export interface MoveReport {
  /** Images the table names. */
  images: number;
  moved: number;
  /** Already in the new place. */
  alreadyThere: number;
  /** In neither place: the table names bytes nobody has (listed by id). */
  missing: string[];
  /** Bytes in the old place that are not the image their name says (left where they are). */
  damaged: string[];
  /** Removed from the old place after the move (none with `keep`). */
  removed: number;
}

const PAGE = 200;

export async function moveImages(
  db: Kysely<Database>,
  from: ImageBlobs,
  to: ImageBlobs,
  options: { keep?: boolean; progress?: (done: number) => void } = {},
): Promise<MoveReport> {
  const report: MoveReport = { images: 0, moved: 0, alreadyThere: 0, missing: [], damaged: [], removed: 0 };
  const inPlace: string[] = [];
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('images')
      .select(['id', 'bytes'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    for (const row of rows) {
      report.images += 1;
      if (await to.has(row.id)) {
        report.alreadyThere += 1;
        inPlace.push(row.id);
        continue;
      }
      const stream = await from.open(row.id);
      if (!stream) {
        report.missing.push(row.id);
        continue;
      }
      const bytes = await readAll(stream);
      if (bytes.length !== Number(row.bytes) || createHash('sha256').update(bytes).digest('hex') !== row.id) {
        report.damaged.push(row.id);
        continue;
      }
      await to.write(row.id, bytes);
      report.moved += 1;
      inPlace.push(row.id);
    }
    options.progress?.(report.images);
    if (rows.length < PAGE) break;
    after = (rows.at(-1) as { id: string }).id;
  }
  // Removed only once everything readable is in the new place, and only what is.
  if (!options.keep) {
    for (const id of inPlace) {
      if (!(await from.has(id))) continue;
      await from.remove(id);
      report.removed += 1;
    }
  }
  return report;
}
