import type { Kysely } from 'kysely';

/**
 * `lti_logins.target_link_uri`: the target the platform's login initiation named, kept with the
 * state and nonce, so that the launch's `target_link_uri` claim can be held to it (LTI Core 1.3
 * §5.1.1.5): a token for another target is not this login's launch. Logins under way when this
 * runs (ten minutes at most) have no target to compare, and are removed: their launch is refused
 * as expired, and the learner opens the activity again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await (db as Kysely<{ lti_logins: { state: string } }>).deleteFrom('lti_logins').execute();
  await db.schema
    .alterTable('lti_logins')
    .addColumn('target_link_uri', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lti_logins').dropColumn('target_link_uri').execute();
}
