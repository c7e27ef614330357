import type { Kysely } from 'kysely';

/**
 * The lobby of an assignment that starts on the tutor's signal: each device waiting in it (by an id
 * of its own, so a reload keeps its place), the name it gave and when it was last there. And the
 * record of what a tutor changed after takers started (extra time, a re-scoring): who, when, and
 * the values before and after, as JSON.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('assignment_lobby')
    .addColumn('assignment_id', 'text', (c) => c.notNull().references('assignments.id'))
    .addColumn('waiter', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('arrived_at', 'bigint', (c) => c.notNull())
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('assignment_lobby_pk', ['assignment_id', 'waiter'])
    .execute();
  await db.schema
    .createTable('assignment_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('assignment_id', 'text', (c) => c.notNull().references('assignments.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('session_uuid', 'text')
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('by_user', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assignment_changes_assignment')
    .on('assignment_changes')
    .columns(['assignment_id', 'at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('assignment_changes').execute();
  await db.schema.dropTable('assignment_lobby').execute();
}
