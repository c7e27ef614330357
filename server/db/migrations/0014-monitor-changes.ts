import type { Kysely } from 'kysely';

/**
 * What lets the tutor's monitor send only what changed since its last read: a session's
 * `changed_at` (the server's time of the latest write to anything the monitor shows of it other
 * than its answers: the start, a heartbeat, the finish, a deadline moved) with an index by
 * assignment, and an index of answers by arrival, so that "answers since" is a short range rather
 * than every answer of the class. Sessions from before this migration have no `changed_at`: a full
 * read shows them, and their next write stamps them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('online_sessions').addColumn('changed_at', 'bigint').execute();
  await db.schema
    .createIndex('online_sessions_assignment_changed')
    .on('online_sessions')
    .columns(['assignment_id', 'changed_at'])
    .execute();
  await db.schema.createIndex('answers_received').on('answers').column('received_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('answers_received').execute();
  await db.schema.dropIndex('online_sessions_assignment_changed').execute();
  await db.schema.alterTable('online_sessions').dropColumn('changed_at').execute();
}
