import type { Kysely } from 'kysely';

/**
 * LTI 1.3: the tool's own signing keys (RS256), kept in the database so that every machine over one
 * database signs with the same key and publishes the same key set. A key is made, used while it is
 * the newest, and published until `retires_at` (an overlap after the next one is made), so a
 * platform that cached the old set still checks what was signed with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lti_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('retires_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lti_keys').execute();
}
