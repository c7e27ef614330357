/** The tutor's marks of an attempt's hand-marked answers (essays), as scoring and results read them. */
import type { Kysely } from 'kysely';
import type { HandMark } from '../../../contract/question-types/registry.ts';
import type { Database } from '../../db/schema.ts';

/** One attempt's marks by question id. */
export async function marksOf(db: Kysely<Database>, sessionUuid: string): Promise<Map<string, HandMark>> {
  const rows = await db
    .selectFrom('hand_marks')
    .select(['question_id', 'points', 'comment'])
    .where('session_uuid', '=', sessionUuid)
    .execute();
  return new Map(rows.map((row) => [row.question_id, { points: Number(row.points), comment: row.comment }]));
}

/** The marks of every attempt of an assignment, by session and question. */
export async function assignmentMarks(
  db: Kysely<Database>,
  assignmentId: string,
): Promise<Map<string, Map<string, HandMark & { marked_at: number }>>> {
  const rows = await db
    .selectFrom('hand_marks')
    .innerJoin('online_sessions', 'online_sessions.uuid', 'hand_marks.session_uuid')
    .select([
      'hand_marks.session_uuid',
      'hand_marks.question_id',
      'hand_marks.points',
      'hand_marks.comment',
      'hand_marks.marked_at',
    ])
    .where('online_sessions.assignment_id', '=', assignmentId)
    .execute();
  const bySession = new Map<string, Map<string, HandMark & { marked_at: number }>>();
  for (const row of rows) {
    const own = bySession.get(row.session_uuid) ?? new Map<string, HandMark & { marked_at: number }>();
    bySession.set(row.session_uuid, own);
    own.set(row.question_id, { points: Number(row.points), comment: row.comment, marked_at: Number(row.marked_at) });
  }
  return bySession;
}
