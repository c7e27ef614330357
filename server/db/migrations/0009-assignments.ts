import type { Kysely } from 'kysely';

/**
 * Assignments: a lesson given to takers by a short code, with the tutor's rules (a JSON document,
 * contract/assignments.ts). The window and the signal are columns of their own, since the state of
 * an assignment is read from them on every start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('assignments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id'))
    /** The tutor's own test it was made from; null for a catalog lesson. */
    .addColumn('test_id', 'text', (c) => c.references('tutor_tests.id'))
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('opens_at', 'bigint')
    .addColumn('closes_at', 'bigint')
    /** The tutor's start signal (assignments that start on it). */
    .addColumn('started_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assignments_owner').on('assignments').columns(['owner_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('assignments').execute();
}
