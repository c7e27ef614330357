import type { Kysely } from 'kysely';

/**
 * A tutor taking their own draft "as a student" makes a preview session: it runs exactly as any
 * other, and counts nowhere (no attempts, no statistics, no account's history).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('online_sessions')
    .addColumn('preview', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('online_sessions').dropColumn('preview').execute();
}
