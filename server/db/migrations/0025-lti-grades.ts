import type { Kysely } from 'kysely';

/**
 * LTI grades back (Assignment and Grade Services 2.0) and the roster (Names and Role Provisioning 2.0).
 * - `lti_links.lineitem_url`, `lineitems_url`: where the platform keeps the activity's grade column,
 *   as its launches say (the line item deep linking asked it to make); `memberships_url`: where it
 *   lists the course's members.
 * - `lti_scores`: the durable queue of scores to send, one row per change of an attempt's score (its
 *   finish, a re-score, a hand mark), written in the same transaction as the score: what is sent
 *   (JSON), in the order of `created_at` then `id`, its state (waiting, sent, failed), how many
 *   tries and when the next, a claim so that two processes never send one row, and why it failed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lti_links').addColumn('lineitem_url', 'text').execute();
  await db.schema.alterTable('lti_links').addColumn('lineitems_url', 'text').execute();
  await db.schema.alterTable('lti_links').addColumn('memberships_url', 'text').execute();
  await db.schema
    .createTable('lti_scores')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platform_id', 'text', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('assignment_id', 'text', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('session_uuid', 'text', (c) => c.notNull().references('online_sessions.uuid').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('lti_scores_queue')
    .on('lti_scores')
    .columns(['state', 'platform_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('lti_scores_session').on('lti_scores').columns(['session_uuid', 'created_at']).execute();
  await db.schema.createIndex('lti_scores_assignment').on('lti_scores').column('assignment_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lti_scores').execute();
  await db.schema.alterTable('lti_links').dropColumn('memberships_url').execute();
  await db.schema.alterTable('lti_links').dropColumn('lineitems_url').execute();
  await db.schema.alterTable('lti_links').dropColumn('lineitem_url').execute();
}
