import type { Kysely } from 'kysely';

/** Answers made offline before the deadline but delivered after it are kept, marked with their delay. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('answers').addColumn('late_ms', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('answers').dropColumn('late_ms').execute();
}
