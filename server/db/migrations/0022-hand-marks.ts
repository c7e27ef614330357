import type { Kysely } from 'kysely';

/**
 * Essays marked by hand. `hand_marks`: a tutor's mark of one answer (an attempt's question): its
 * points and comment, who gave it and when; one row per answer, changed in place (each change is in
 * the assignment's change log). It goes with its session. `awaiting_marks`: how many written answers
 * of a finished attempt still wait for their mark (0: its score is final), kept beside the score so
 * the results, the account and the monitor read it without counting answers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('hand_marks')
    .addColumn('session_uuid', 'text', (c) => c.notNull().references('online_sessions.uuid').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('points', 'double precision', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('marked_by', 'text', (c) => c.notNull())
    .addColumn('marked_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('hand_marks_pk', ['session_uuid', 'question_id'])
    .execute();
  await db.schema
    .alterTable('online_sessions')
    .addColumn('awaiting_marks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('online_sessions').dropColumn('awaiting_marks').execute();
  await db.schema.dropTable('hand_marks').execute();
}
