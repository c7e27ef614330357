import type { Kysely } from 'kysely';

/**
 * LTI 1.3: the learning platforms Zalik is registered with and what a launch needs.
 * - `lti_platforms`: one registration (an issuer and the client id it gave Zalik), its endpoints,
 *   whether it is turned on, and how it was made (dynamic registration or the manual form).
 * - `lti_deployments`: the deployment ids a platform may launch with.
 * - `lti_logins`: a login a platform started (third-party initiated login), until its launch comes
 *   back: the `state` the browser carries, the `nonce` the token must hold, and a hash of the secret
 *   in the starting browser's cookie. Used once.
 * - `lti_identities`: the Zalik account a platform's user (issuer, `sub`) is, made on the first launch.
 * - `lti_handoffs`: a launch's one-use code that the app's page trades for the account's tokens.
 * - `lti_registration_links`: one-use dynamic registration addresses an administrator made.
 * - `lti_deep_links`: a teacher's deep linking request from a platform ("add an activity"), until
 *   they chose the test and its rules: where to return and what to echo; answered once.
 * - `lti_links`: an assignment made from a platform's course by deep linking: the platform, its
 *   deployment and course (context), so that only that platform's launches land in it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lti_platforms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('login_url', 'text', (c) => c.notNull())
    .addColumn('token_url', 'text', (c) => c.notNull())
    .addColumn('jwks_url', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('lti_platforms_client', ['issuer', 'client_id'])
    .execute();
  await db.schema
    .createTable('lti_deployments')
    .addColumn('platform_id', 'text', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('deployment_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lti_deployments_pk', ['platform_id', 'deployment_id'])
    .execute();
  await db.schema
    .createTable('lti_logins')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('platform_id', 'text', (c) => c.notNull())
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lti_logins_expiry').on('lti_logins').column('expires_at').execute();
  await db.schema
    .createTable('lti_identities')
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lti_identities_pk', ['issuer', 'subject'])
    .execute();
  await db.schema.createIndex('lti_identities_user').on('lti_identities').column('user_id').execute();
  await db.schema
    .createTable('lti_handoffs')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('destination', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('lti_registration_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createTable('lti_deep_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform_id', 'text', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('deployment_id', 'text', (c) => c.notNull())
    .addColumn('context_id', 'text')
    .addColumn('context_title', 'text')
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('data', 'text')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createTable('lti_links')
    .addColumn('assignment_id', 'text', (c) => c.primaryKey().references('assignments.id').onDelete('cascade'))
    .addColumn('platform_id', 'text', (c) => c.notNull().references('lti_platforms.id').onDelete('cascade'))
    .addColumn('deployment_id', 'text', (c) => c.notNull())
    .addColumn('context_id', 'text')
    .addColumn('context_title', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'lti_links',
    'lti_deep_links',
    'lti_registration_links',
    'lti_handoffs',
    'lti_identities',
    'lti_logins',
    'lti_deployments',
    'lti_platforms',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
