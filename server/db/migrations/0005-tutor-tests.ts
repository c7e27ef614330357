import type { Kysely } from 'kysely';

/**
 * Tutors' own tests while they are written. The draft is one JSON document (contract/tutor-tests.ts)
 * with a revision that each save moves on: a save made from an older revision is refused, so two
 * tabs or two devices never overwrite each other without a word.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tutor_tests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('draft', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('published_versions', 'integer', (c) => c.notNull())
    /** sha256 of the content last published, to tell whether the draft has changed since. */
    .addColumn('published_hash', 'text')
    /** The lesson its published versions belong to; null until the first publish. */
    .addColumn('lesson_id', 'integer', (c) => c.references('lessons.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tutor_tests_owner').on('tutor_tests').columns(['owner_id', 'updated_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tutor_tests').execute();
}
