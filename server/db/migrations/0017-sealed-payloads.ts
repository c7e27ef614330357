import type { Kysely } from 'kysely';

/**
 * Each lesson version gets the key its sealed payload is encrypted with (server/services/
 * sealed-payloads.ts): made on the first request for the payload, handed out by a start. Versions
 * from before have none until then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lesson_versions').addColumn('payload_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lesson_versions').dropColumn('payload_key').execute();
}
