import type { Kysely } from 'kysely';

/**
 * Signed receipts (contract/receipts.ts).
 * - `receipt_keys`: Ed25519 key pairs; the newest signs. A retired key's public part stays forever
 *   (receipts must stay checkable for years) and its private part is wiped when it retires.
 * - `receipts`: the one receipt signed for an attempt at its finish, as JSON, kept so that a device
 *   that finished offline gets the same receipt whenever it asks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('receipt_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('private_pem', 'text')
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('retired_at', 'bigint')
    .execute();
  await db.schema
    .createTable('receipts')
    .addColumn('session_uuid', 'text', (c) => c.primaryKey().references('online_sessions.uuid').onDelete('cascade'))
    .addColumn('receipt', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('receipts').execute();
  await db.schema.dropTable('receipt_keys').execute();
}
