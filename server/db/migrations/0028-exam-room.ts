import type { Kysely } from 'kysely';

/**
 * Exam-room controls (contract/exam-room.ts).
 * - `assignments.paused_at`: when the tutor paused everyone; null while not paused.
 * - `assignment_messages`: a tutor's message to every taker of an assignment (`session_uuid` null)
 *   or to one; `message_reads`: each device's acknowledgement that it showed a message.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('assignments').addColumn('paused_at', 'bigint').execute();
  await db.schema
    .createTable('assignment_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('assignment_id', 'text', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('session_uuid', 'text', (c) => c.references('online_sessions.uuid').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assignment_messages_by_assignment')
    .on('assignment_messages')
    .columns(['assignment_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('message_reads')
    .addColumn('message_id', 'text', (c) => c.notNull().references('assignment_messages.id').onDelete('cascade'))
    .addColumn('session_uuid', 'text', (c) => c.notNull().references('online_sessions.uuid').onDelete('cascade'))
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_reads_pk', ['message_id', 'session_uuid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('message_reads').execute();
  await db.schema.dropTable('assignment_messages').execute();
  await db.schema.alterTable('assignments').dropColumn('paused_at').execute();
}
