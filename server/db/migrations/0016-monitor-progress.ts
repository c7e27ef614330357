import { type Kysely, sql } from 'kysely';

/**
 * An assigned session keeps its own progress for the tutor's monitor: how many distinct questions
 * it has answered and when its latest answer arrived, written by the answer writer in the commit
 * that stores the answers. The monitor then reads sessions only, never the class's answers, while
 * those answers are being written. Sessions outside assignments keep null: nothing reads it there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('online_sessions').addColumn('answered_questions', 'integer').execute();
  await db.schema.alterTable('online_sessions').addColumn('last_answer_at', 'bigint').execute();
  await sql`
    update online_sessions set
      answered_questions =
        (select count(distinct question_id) from answers where answers.session_uuid = online_sessions.uuid),
      last_answer_at = (select max(received_at) from answers where answers.session_uuid = online_sessions.uuid)
    where assignment_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('online_sessions').dropColumn('last_answer_at').execute();
  await db.schema.alterTable('online_sessions').dropColumn('answered_questions').execute();
}
