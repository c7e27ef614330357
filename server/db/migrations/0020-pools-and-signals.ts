import type { Kysely } from 'kysely';

/**
 * Pools and integrity signals. `drawn`: the questions an attempt drew from its lesson's pools (JSON
 * of ids; null without pools), kept so that re-scoring on a corrected version asks the same ones.
 * `collect_signals`: copied from its assignment at the start, as the shuffle is; `signal_count`: how
 * many it keeps, for the monitor's read and the per-attempt bound without a count. `session_signals`:
 * what the taking view noticed (the page hidden, focus lost, a paste, offline, a wrong clock), one
 * row per signal by its client-made id, so a repeat from the outbox is harmless; they go with their
 * session (deleting an assignment deletes its sessions, and so its signals).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('online_sessions').addColumn('drawn', 'text').execute();
  await db.schema
    .alterTable('online_sessions')
    .addColumn('collect_signals', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('online_sessions')
    .addColumn('signal_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('session_signals')
    .addColumn('session_uuid', 'text', (c) => c.notNull().references('online_sessions.uuid').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'bigint')
    .addColumn('length', 'integer')
    .addColumn('question_id', 'text')
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_signals_pk', ['session_uuid', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('session_signals').execute();
  await db.schema.alterTable('online_sessions').dropColumn('signal_count').execute();
  await db.schema.alterTable('online_sessions').dropColumn('collect_signals').execute();
  await db.schema.alterTable('online_sessions').dropColumn('drawn').execute();
}
