/**
 * Gives back the storage nothing uses, so that one tutor's previews and discarded pictures do not
 * grow without end (each preview of a changed draft writes a version of up to 8 MB):
 * - a version of a tutor's test that is not the current one, that no taker ever started (only
 *   previews, finished a day ago or more) and that was not written or reused for a day, is pruned:
 *   its preview sessions and their answers go, and its content is emptied. Its row stays, so that
 *   its id is never given to other content (ids are immutable addresses: sealed payloads are cached
 *   for a year by them); a later preview of the same content writes it again under that id.
 * - an image no draft and no version refers to is marked unused; one still unused a week later goes
 *   (its row, then its file). Sent again meanwhile, it is in use again.
 * - stored bytes that no row names (an import that lost a race at its count, a write cut short) go
 *   once they are a week old, in whichever kind of image store keeps them.
 */
import { type Kysely, sql } from 'kysely';
import { lockContentIds } from '../../db/content-ids.ts';
import type { Database } from '../../db/schema.ts';
import type { ImageBlobs, StoredBlob } from '../images/image-blobs.ts';

export const IMAGE_UNUSED_MS = 7 * 24 * 3600_000;
export const PREVIEW_KEPT_MS = 24 * 3600_000;
const PAGE = 200;
const IMAGE_ID = /[0-9a-f]{64}/g;

export interface StorageSweepOptions {
  /** Where the images' bytes are kept. */
  blobs: ImageBlobs;
  now: () => number;
  dialect: 'sqlite' | 'postgres';
}

export interface StorageSweepReport {
  prunedVersions: number;
  removedSessions: number;
  markedImages: number;
  removedImages: number;
  removedFiles: number;
}

/** Versions that may be pruned now (see above); `only` narrows the check to one. */
function prunable(db: Kysely<Database>, cutoff: number, only?: number) {
  return db
    .selectFrom('lesson_versions')
    .innerJoin('lessons', 'lessons.id', 'lesson_versions.lesson_id')
    .select('lesson_versions.id')
    .where('lessons.owner_id', 'is not', null)
    .whereRef('lesson_versions.id', '!=', 'lessons.current_version_id')
    .where(sql<boolean>`length(lesson_versions.content) > 0`)
    .where('lesson_versions.created_at', '<', cutoff)
    .$if(only !== undefined, (q) => q.where('lesson_versions.id', '=', only as number))
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('online_sessions')
            .select('online_sessions.uuid')
            .whereRef('online_sessions.lesson_version_id', '=', 'lesson_versions.id')
            .where((s) =>
              s.or([
                s('online_sessions.preview', '=', 0),
                s('online_sessions.status', '!=', 'finished'),
                s('online_sessions.finished_at', '>=', cutoff),
              ]),
            ),
        ),
      ),
    );
}

async function pruneVersions(db: Kysely<Database>, options: StorageSweepOptions, report: StorageSweepReport) {
  const cutoff = options.now() - PREVIEW_KEPT_MS;
  const candidates = await prunable(db, cutoff).execute();
  for (const { id } of candidates) {
    await db.transaction().execute(async (trx) => {
      // Publishing and previewing take the same lock: a version reused meanwhile is left alone.
      await lockContentIds(trx, options.dialect);
      if (!(await prunable(trx, cutoff, id).executeTakeFirst())) return;
      const sessions = trx.selectFrom('online_sessions').select('uuid').where('lesson_version_id', '=', id);
      await trx.deleteFrom('answers').where('session_uuid', 'in', sessions).execute();
      await trx.deleteFrom('session_signals').where('session_uuid', 'in', sessions).execute();
      const removed = await trx.deleteFrom('online_sessions').where('lesson_version_id', '=', id).executeTakeFirst();
      await trx.updateTable('lesson_versions').set({ content: '' }).where('id', '=', id).execute();
      report.prunedVersions += 1;
      report.removedSessions += Number(removed.numDeletedRows);
    });
  }
}

/** Every row of a keyset-paged read, a page at a time (the whole table is never held at once). */
async function eachPage<K extends string | number, R extends { id: K }>(
  first: K,
  read: (after: K) => Promise<R[]>,
  use: (row: R) => void,
): Promise<void> {
  for (let after = first; ; ) {
    const rows = await read(after);
    for (const row of rows) use(row);
    if (rows.length < PAGE) return;
    after = (rows.at(-1) as R).id;
  }
}

/** Every image id the tutors' drafts and their tests' versions mention. */
async function referencedImages(db: Kysely<Database>): Promise<Set<string>> {
  const found = new Set<string>();
  const collect = (text: string) => {
    for (const [id] of text.matchAll(IMAGE_ID)) found.add(id);
  };
  await eachPage<string, { id: string; draft: string }>(
    '',
    (after) =>
      db.selectFrom('tutor_tests').select(['id', 'draft']).where('id', '>', after).orderBy('id').limit(PAGE).execute(),
    (row) => collect(row.draft),
  );
  await eachPage<number, { id: number; content: string }>(
    0,
    (after) =>
      db
        .selectFrom('lesson_versions')
        .innerJoin('lessons', 'lessons.id', 'lesson_versions.lesson_id')
        .select(['lesson_versions.id', 'lesson_versions.content'])
        .where('lessons.owner_id', 'is not', null)
        .where('lesson_versions.id', '>', after)
        .orderBy('lesson_versions.id')
        .limit(PAGE)
        .execute(),
    (row) => collect(row.content),
  );
  return found;
}

async function sweepImages(db: Kysely<Database>, options: StorageSweepOptions, report: StorageSweepReport) {
  const used = await referencedImages(db);
  const now = options.now();
  const rows = await db.selectFrom('images').select(['id', 'unused_since']).execute();
  const inUse = rows.filter((r) => used.has(r.id) && r.unused_since !== null).map((r) => r.id);
  const fresh = rows.filter((r) => !used.has(r.id) && r.unused_since === null).map((r) => r.id);
  const stale = rows.filter(
    (r) => !used.has(r.id) && r.unused_since !== null && r.unused_since < now - IMAGE_UNUSED_MS,
  );
  for (let i = 0; i < inUse.length; i += PAGE) {
    await db
      .updateTable('images')
      .set({ unused_since: null })
      .where('id', 'in', inUse.slice(i, i + PAGE))
      .execute();
  }
  for (let i = 0; i < fresh.length; i += PAGE) {
    const page = fresh.slice(i, i + PAGE);
    await db
      .updateTable('images')
      .set({ unused_since: now })
      .where('id', 'in', page)
      .where('unused_since', 'is', null)
      .execute();
    report.markedImages += page.length;
  }
  for (const { id } of stale) {
    // Asked once more of the database itself, in the statement that deletes: sent again, or named
    // by a draft saved since the pages above were read, the image stays.
    const gone = await db
      .deleteFrom('images')
      .where('id', '=', id)
      .where('unused_since', '<', now - IMAGE_UNUSED_MS)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('tutor_tests')
              .select('id')
              .where(sql<boolean>`draft like ${`%${id}%`}`),
          ),
        ),
      )
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) continue;
    report.removedImages += 1;
    await options.blobs.remove(id).catch(() => {});
  }
}

/** Stored bytes no row names, a week old or more (newer ones may be an import's, its rows not yet committed). */
async function sweepFiles(db: Kysely<Database>, options: StorageSweepOptions, report: StorageSweepReport) {
  const removeUnnamed = async (page: StoredBlob[]) => {
    const ids = page.map((b) => b.id.slice(0, 64));
    const rows = ids.length ? await db.selectFrom('images').select('id').where('id', 'in', ids).execute() : [];
    const known = new Set(rows.map((r) => r.id));
    for (const blob of page) {
      if (known.has(blob.id) || blob.writtenAt > options.now() - IMAGE_UNUSED_MS) continue;
      await options.blobs.remove(blob.id).catch(() => {});
      report.removedFiles += 1;
    }
  };
  let page: StoredBlob[] = [];
  for await (const blob of options.blobs.list()) {
    page.push(blob);
    if (page.length < PAGE) continue;
    await removeUnnamed(page);
    page = [];
  }
  await removeUnnamed(page);
}

export async function sweepStorage(db: Kysely<Database>, options: StorageSweepOptions): Promise<StorageSweepReport> {
  const report: StorageSweepReport = {
    prunedVersions: 0,
    removedSessions: 0,
    markedImages: 0,
    removedImages: 0,
    removedFiles: 0,
  };
  await pruneVersions(db, options, report);
  await sweepImages(db, options, report);
  await sweepFiles(db, options, report);
  return report;
}
