/**
 * A tutor's test becomes an owned lesson (no place in the public catalog, slug `t-<test id>`) with
 * immutable versions, as the catalog's lessons have: a session keeps the version it started with.
 * A version is written once per content: previewing and then publishing the same draft, or
 * publishing it twice, makes one version.
 */
import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { LessonFile } from '../../../contract/content.ts';
import { lessonAsked } from '../../../contract/pools.ts';
import { lockContentIds, nextContentId } from '../../db/content-ids.ts';
import type { Database } from '../../db/schema.ts';

export interface WrittenVersion {
  lessonId: number;
  versionId: number;
  /** A version this content did not have before. */
  created: boolean;
}

export const ownedLessonSlug = (testId: string) => `t-${testId}`;

/** What a lesson row says of its current version. */
function lessonFields(file: LessonFile, now: number) {
  const asked = lessonAsked(file.blocks);
  return {
    audience: file.audience,
    duration_seconds: file.duration_seconds,
    question_count: asked.questions,
    max_score: asked.maxScore,
    texts: JSON.stringify({ title: file.title, description: file.description }),
    updated_at: now,
  };
}

/**
 * The version of `file` in the test's lesson, made (with the lesson) when missing. The lesson's
 * current version and its fields change only on publishing (`makeCurrent`).
 */
export async function writeVersion(
  trx: Transaction<Database>,
  dialect: 'sqlite' | 'postgres',
  test: { id: string; owner_id: string; lesson_id: number | null },
  file: LessonFile,
  now: number,
  /** Refuses (throws) when `bytes` more would not fit the tutor's storage (storage-quota.ts). */
  room: (bytes: number) => Promise<void> = async () => {},
): Promise<WrittenVersion> {
  await lockContentIds(trx, dialect);
  // The title travels with the version: a session shows the title of the version it took.
  const content = JSON.stringify({ title: file.title, blocks: file.blocks });
  const hash = createHash('sha256').update(content).digest('hex');
  let lessonId = test.lesson_id;
  if (lessonId === null) {
    lessonId = await nextContentId(trx, 'lessons');
    // Never published yet: not published, and its current version a placeholder until it is.
    await trx
      .insertInto('lessons')
      .values({
        id: lessonId,
        slug: ownedLessonSlug(test.id),
        owner_id: test.owner_id,
        specialization_id: null,
        published: 0,
        position: 0,
        current_version_id: 0,
        ...lessonFields(file, now),
      })
      .execute();
    await trx.updateTable('tutor_tests').set({ lesson_id: lessonId }).where('id', '=', test.id).execute();
  }
  const existing = await trx
    .selectFrom('lesson_versions')
    .select(['id', sql<number>`length(content)`.as('length')])
    .where('lesson_id', '=', lessonId)
    .where('hash', '=', hash)
    .executeTakeFirst();
  if (existing) {
    // Used again: the storage sweep leaves it a while; pruned, it is written again under its id.
    const pruned = Number(existing.length) === 0;
    if (pruned) await room(content.length);
    await trx
      .updateTable('lesson_versions')
      .set({ created_at: now, ...(pruned ? { content } : {}) })
      .where('id', '=', existing.id)
      .execute();
    return { lessonId, versionId: existing.id, created: pruned };
  }
  await room(content.length);
  const versionId = await nextContentId(trx, 'lesson_versions');
  await trx
    .insertInto('lesson_versions')
    .values({ id: versionId, lesson_id: lessonId, hash, content, created_at: now })
    .execute();
  return { lessonId, versionId, created: true };
}

/** Makes a written version the one assignments start from. */
export async function makeCurrent(
  trx: Transaction<Database>,
  version: WrittenVersion,
  file: LessonFile,
  specializationId: number | null,
  now: number,
): Promise<void> {
  await trx
    .updateTable('lessons')
    .set({
      ...lessonFields(file, now),
      specialization_id: specializationId,
      published: 1,
      current_version_id: version.versionId,
    })
    .where('id', '=', version.lessonId)
    .execute();
}
