import type { Kysely } from 'kysely';

/**
 * An assignment's sessions with their ids in the index itself: the tutor's monitor finds the
 * answers of an assignment's sessions through it (`uuid in (… where assignment_id = ?)`) without
 * reading the sessions' rows. It replaces the index on the assignment alone.
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
