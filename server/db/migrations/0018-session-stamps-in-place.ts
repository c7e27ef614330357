import { type Kysely, SqliteAdapter, sql } from 'kysely';

/**
 * Every answer of an assigned attempt stamps its session (changed_at, last_answer_at, answered
 * questions) in the commit that stores it, and every heartbeat stamps it too. With `changed_at` in
 * an index each stamp also wrote a new entry into every index of the table, always at the same end
 * of the (assignment, changed_at) one, where the tutor's monitor read at the same moment: on
 * PostgreSQL two processes' answers then took 14-34 % longer at p99 while a tutor watched (1 to 2.4
 * ms), and nothing without. Unindexed, PostgreSQL rewrites the row in place on its own page (a
 * "heap-only tuple" update, which touches no index); the page keeps a fifth free for those rewrites.
 * The monitor reads its assignment's sessions by the assignment's index and keeps the changed
 * ones: a class of 2,000 is about 30 pages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('online_sessions_assignment_changed').execute();
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table online_sessions set (fillfactor = 80)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table online_sessions reset (fillfactor)`.execute(db);
  }
  await db.schema
    .createIndex('online_sessions_assignment_changed')
    .on('online_sessions')
    .columns(['assignment_id', 'changed_at'])
    .execute();
}
