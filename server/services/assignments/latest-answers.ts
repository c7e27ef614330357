import type { Kysely } from 'kysely';
import type { AnswerValue } from '../../../contract/online.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Each session's answer that counts per question, from rows in the order answers are scored in
 * (answered, then received, then id): the last one wins, as `OnlineSessions.latestAnswers` decides.
 */
export function latestPerQuestion<T extends { session_uuid: string; question_id: string }>(
  rows: readonly T[],
): Map<string, Map<string, T>> {
  const latest = new Map<string, Map<string, T>>();
  for (const row of rows) {
    const own = latest.get(row.session_uuid) ?? new Map<string, T>();
    own.set(row.question_id, row);
    latest.set(row.session_uuid, own);
  }
  return latest;
}

/**
 * The answer that counts per question of every finished attempt of an assignment, by session and
 * question, in one read (the analysis and the marking sheet).
 */
export async function finishedAnswers(
  db: Kysely<Database>,
  assignmentId: string,
): Promise<Map<string, Map<string, AnswerValue>>> {
  const rows = await db
    .selectFrom('answers')
    .innerJoin('online_sessions', 'online_sessions.uuid', 'answers.session_uuid')
    .select(['answers.session_uuid', 'answers.question_id', 'answers.value'])
    .where('online_sessions.assignment_id', '=', assignmentId)
    .where('online_sessions.status', '=', 'finished')
    .orderBy('answers.answered_at')
    .orderBy('answers.received_at')
    .orderBy('answers.id')
    .execute();
  return new Map(
    [...latestPerQuestion(rows)].map(([session, own]) => [
      session,
      new Map([...own].map(([question, answer]) => [question, JSON.parse(answer.value) as AnswerValue])),
    ]),
  );
}
