/**
 * Where each attempt's latest score stands at the learning platform its taker came from: the latest
 * row of the LTI score queue (lti_scores) per attempt, as the tutor's results show it.
 */
import type { Kysely } from 'kysely';
import type { GradeDelivery } from '../../../contract/assignments.ts';
import type { Database } from '../../db/schema.ts';

export async function gradeDeliveries(db: Kysely<Database>, assignmentId: string): Promise<Map<string, GradeDelivery>> {
  const rows = await db
    .selectFrom('lti_scores')
    .select(['session_uuid', 'state', 'last_error', 'created_at', 'sent_at'])
    .where('assignment_id', '=', assignmentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const latest = new Map<string, GradeDelivery>();
  for (const row of rows) {
    latest.set(row.session_uuid, {
      state: row.state,
      reason: row.state === 'sent' ? null : row.last_error,
      at: Number(row.state === 'sent' ? row.sent_at : row.created_at),
    });
  }
  return latest;
}
