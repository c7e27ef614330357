import type { Kysely } from 'kysely';

/**
 * An external sign-in is bound to the browser that started it: the flow keeps the hash of a secret
 * that only that browser holds in a cookie. Flows begun before this (they live ten minutes) have
 * none and are refused at their callback.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oidc_flows').addColumn('browser_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oidc_flows').dropColumn('browser_hash').execute();
}
