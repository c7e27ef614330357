import type { Kysely } from 'kysely';

/**
 * Images of tutors' tests. The bytes are files under the data folder, named by their SHA-256
 * (server/services/images/image-store.ts); this table knows each one's type and size, so a draft's
 * images are checked and counted without reading a file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('images').execute();
}
