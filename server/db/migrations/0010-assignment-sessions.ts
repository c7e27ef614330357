import type { Kysely } from 'kysely';

/**
 * A session started from an assignment: which one, the name its taker gave (or their account's),
 * and whether its questions and options come in an order of its own (drawn from the session's id,
 * so the same after every reload and on every device, and different from other attempts').
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('online_sessions')
    .addColumn('assignment_id', 'text', (c) => c.references('assignments.id'))
    .execute();
  await db.schema.alterTable('online_sessions').addColumn('display_name', 'text').execute();
  await db.schema
    .alterTable('online_sessions')
    .addColumn('shuffle_questions', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('online_sessions')
    .addColumn('shuffle_options', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('online_sessions_assignment').on('online_sessions').columns(['assignment_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('online_sessions_assignment').execute();
  for (const column of ['shuffle_options', 'shuffle_questions', 'display_name', 'assignment_id']) {
    await db.schema.alterTable('online_sessions').dropColumn(column).execute();
  }
}
