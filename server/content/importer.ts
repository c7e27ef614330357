/**
 * Writes validated content to the database in one transaction: idempotent by slug, and a lesson whose
 * questions changed gets a new immutable version so running and finished sessions keep theirs.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { lessonAsked } from '../../contract/pools.ts';
import { nextContentId } from '../db/content-ids.ts';
import type { Database } from '../db/schema.ts';
import { type ContentBundle, ContentError, type ContentProblem } from './validate.ts';

export interface ImportSummary {
  subjects: number;
  specializations: number;
  lessons: number;
  versionsCreated: number;
}

export function importContent(db: Kysely<Database>, bundle: ContentBundle, now = Date.now()): Promise<ImportSummary> {
  return db.transaction().execute((trx) => writeContent(trx, bundle, now));
}

/** The import's writes, in the caller's transaction (the first start's seeding takes a lock first). */
export async function writeContent(
  trx: Kysely<Database>,
  bundle: ContentBundle,
  now = Date.now(),
): Promise<ImportSummary> {
  const summary: ImportSummary = { subjects: 0, specializations: 0, lessons: 0, versionsCreated: 0 };

  for (const { data: catalog } of bundle.catalogs) {
    await trx.deleteFrom('site').where('key', '=', 'site').execute();
    await trx
      .insertInto('site')
      .values({ key: 'site', value: JSON.stringify(catalog.site) })
      .execute();
    for (const [position, subject] of catalog.subjects.entries()) {
      const texts = JSON.stringify({
        title: subject.title,
        description: subject.description,
        seo: subject.seo ?? null,
      });
      const existing = await trx
        .selectFrom('subjects')
        .select('id')
        .where('slug', '=', subject.slug)
        .executeTakeFirst();
      const subjectId = existing?.id ?? (await nextContentId(trx, 'subjects'));
      if (existing) {
        await trx
          .updateTable('subjects')
          .set({ audience: subject.audience, position, texts, updated_at: now })
          .where('id', '=', subjectId)
          .execute();
      } else {
        await trx
          .insertInto('subjects')
          .values({ id: subjectId, slug: subject.slug, audience: subject.audience, position, texts, updated_at: now })
          .execute();
      }
      summary.subjects++;
      for (const [specPosition, spec] of subject.specializations.entries()) {
        const specTexts = JSON.stringify({ title: spec.title, description: spec.description, seo: spec.seo ?? null });
        const found = await trx
          .selectFrom('specializations')
          .select('id')
          .where('subject_id', '=', subjectId)
          .where('slug', '=', spec.slug)
          .executeTakeFirst();
        if (found) {
          await trx
            .updateTable('specializations')
            .set({ position: specPosition, texts: specTexts, updated_at: now })
            .where('id', '=', found.id)
            .execute();
        } else {
          await trx
            .insertInto('specializations')
            .values({
              id: await nextContentId(trx, 'specializations'),
              subject_id: subjectId,
              slug: spec.slug,
              position: specPosition,
              texts: specTexts,
              updated_at: now,
            })
            .execute();
        }
        summary.specializations++;
      }
    }
  }

  const problems: ContentProblem[] = [];
  for (const [position, { file, data: lesson }] of bundle.lessons.entries()) {
    // The operator's lessons live in the catalog; only a tutor's own tests may have no place there.
    if (lesson.subject === undefined || lesson.specialization === undefined) {
      problems.push({
        file,
        field: 'subject',
        message: 'a lesson of the catalog needs its subject and specialization',
      });
      continue;
    }
    const place = await trx
      .selectFrom('specializations')
      .innerJoin('subjects', 'subjects.id', 'specializations.subject_id')
      .select(['specializations.id as specId', 'subjects.audience as audience'])
      .where('subjects.slug', '=', lesson.subject)
      .where('specializations.slug', '=', lesson.specialization)
      .executeTakeFirst();
    if (!place) {
      const subject = await trx
        .selectFrom('subjects')
        .select('id')
        .where('slug', '=', lesson.subject)
        .executeTakeFirst();
      problems.push(
        subject
          ? {
              file,
              field: 'specialization',
              message: `no specialization "${lesson.specialization}" in subject "${lesson.subject}" (import the catalog first or with it)`,
            }
          : {
              file,
              field: 'subject',
              message: `no subject "${lesson.subject}" (import the catalog first or with it)`,
            },
      );
      continue;
    }
    if (place.audience !== lesson.audience) {
      problems.push({ file, field: 'audience', message: `must match its subject's audience "${place.audience}"` });
      continue;
    }
    const content = JSON.stringify({ blocks: lesson.blocks });
    const hash = createHash('sha256').update(content).digest('hex');
    const asked = lessonAsked(lesson.blocks);
    const texts = JSON.stringify({ title: lesson.title, description: lesson.description });
    const existing = await trx
      .selectFrom('lessons')
      .innerJoin('lesson_versions', 'lesson_versions.id', 'lessons.current_version_id')
      .select(['lessons.id as id', 'lesson_versions.hash as hash', 'lesson_versions.id as versionId'])
      .where('lessons.slug', '=', lesson.slug)
      .executeTakeFirst();
    const lessonId = existing?.id ?? (await nextContentId(trx, 'lessons'));
    let versionId = existing?.versionId ?? 0;
    const fields = {
      specialization_id: place.specId,
      audience: lesson.audience,
      duration_seconds: lesson.duration_seconds,
      published: lesson.published ? 1 : 0,
      position,
      question_count: asked.questions,
      max_score: asked.maxScore,
      texts,
      updated_at: now,
    };
    if (!existing) {
      // The version row needs the lesson and the lesson its version: insert with a placeholder first.
      await trx
        .insertInto('lessons')
        .values({ id: lessonId, slug: lesson.slug, current_version_id: 0, ...fields })
        .execute();
    }
    if (existing?.hash !== hash) {
      versionId = await nextContentId(trx, 'lesson_versions');
      await trx
        .insertInto('lesson_versions')
        .values({ id: versionId, lesson_id: lessonId, hash, content, created_at: now })
        .execute();
      summary.versionsCreated++;
    }
    await trx
      .updateTable('lessons')
      .set({ ...fields, current_version_id: versionId })
      .where('id', '=', lessonId)
      .execute();
    summary.lessons++;
  }
  // Throwing inside the transaction rolls back everything written above.
  if (problems.length) throw new ContentError(problems);
  return summary;
}
