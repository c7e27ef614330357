import type { Kysely } from 'kysely';

/**
 * Standing accommodations (contract/accommodations.ts).
 * - `accommodations`: one per tutor and student, the student by account (`user_id`, one of the
 *   tutor's takers) or by the address the tutor named (`email`, and `email_key` to match it to an
 *   account whose address is confirmed); `detail` is the accommodation as JSON.
 * - `online_sessions.accommodation`: the one the attempt runs under (JSON; null for none), so the
 *   monitor and the results show it and a change mid-test can be undone; `counts_from` and
 *   `base_ms`: when its time counts from and its time limit before any accommodation, so a change
 *   mid-test computes the deadline again by the same rule as the start; `read_aloud`: 0 where the
 *   taker is not offered read-aloud (null `counts_from` and `base_ms` for attempts from before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('accommodations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('email_key', 'text')
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('accommodations_by_account')
    .on('accommodations')
    .columns(['owner_id', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('accommodations_by_email')
    .on('accommodations')
    .columns(['owner_id', 'email_key'])
    .unique()
    .execute();
  await db.schema.createIndex('accommodations_of_user').on('accommodations').column('user_id').execute();
  await db.schema.alterTable('online_sessions').addColumn('accommodation', 'text').execute();
  await db.schema.alterTable('online_sessions').addColumn('counts_from', 'bigint').execute();
  await db.schema.alterTable('online_sessions').addColumn('base_ms', 'bigint').execute();
  await db.schema
    .alterTable('online_sessions')
    .addColumn('read_aloud', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('online_sessions').dropColumn('read_aloud').execute();
  await db.schema.alterTable('online_sessions').dropColumn('base_ms').execute();
  await db.schema.alterTable('online_sessions').dropColumn('counts_from').execute();
  await db.schema.alterTable('online_sessions').dropColumn('accommodation').execute();
  await db.schema.dropTable('accommodations').execute();
}
