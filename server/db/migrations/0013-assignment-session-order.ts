import type { Kysely } from 'kysely';

/**
 * An assignment's sessions in the order of their ids: the tutor's monitor reads them a page at a
 * time (a range of this index each), so that on SQLite no read blocks the process for long while an
 * exam's answers arrive. It replaces the index on the assignment alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('online_sessions_assignment_uuid')
    .on('online_sessions')
    .columns(['assignment_id', 'uuid'])
    .execute();
  await db.schema.dropIndex('online_sessions_assignment').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('online_sessions_assignment').on('online_sessions').columns(['assignment_id']).execute();
  await db.schema.dropIndex('online_sessions_assignment_uuid').execute();
}
