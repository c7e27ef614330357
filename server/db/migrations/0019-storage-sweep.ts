import type { Kysely } from 'kysely';

/**
 * What the storage sweep and the tutors' storage quota read (server/services/storage): when an image
 * was first found unused (it goes once it has stayed so for a week), each tutor's images by their
 * uploader, and the sessions of a version (a version with none but finished previews is pruned).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('images').addColumn('unused_since', 'bigint').execute();
  await db.schema.createIndex('images_uploaded_by').on('images').column('uploaded_by').execute();
  await db.schema.createIndex('online_sessions_version').on('online_sessions').column('lesson_version_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('online_sessions_version').execute();
  await db.schema.dropIndex('images_uploaded_by').execute();
  await db.schema.alterTable('images').dropColumn('unused_since').execute();
}
