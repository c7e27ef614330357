import type { Kysely } from 'kysely';

/**
 * The index of answers by arrival (0014) goes: every answer paid for it, for the tutor's monitor
 * alone. An assigned session's answer now stamps its session's `changed_at` in the commit that
 * stores it (server/services/sessions/answer-group-commit.ts), so the monitor finds changed sessions by their
 * stamps only, and the catalog's answers write nothing more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('answers_received').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('answers_received').on('answers').column('received_at').execute();
}
