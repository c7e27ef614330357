import type { Kysely } from 'kysely';

/**
 * What a taker's device last said of itself: when (its heartbeat, at most every 15 s while a test
 * runs) and how many answers it still held unsent then. The tutor's monitor reads them; answers
 * arriving count as contact too (read from the answers, so the answer path writes nothing more).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('online_sessions').addColumn('last_contact_at', 'bigint').execute();
  await db.schema.alterTable('online_sessions').addColumn('unsent_answers', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('online_sessions').dropColumn('unsent_answers').execute();
  await db.schema.alterTable('online_sessions').dropColumn('last_contact_at').execute();
}
