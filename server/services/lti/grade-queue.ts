/**
 * The scores a platform's gradebook is to get (LTI Assignment and Grade Services 2.0): one row per
 * change of an attempt's score in an assignment made from that platform, for a learner who came from
 * it, written in the transaction that changes the score (score-events.ts). What is sent is fixed
 * then: the score and its maximum, "Completed", "FullyGraded" or "PendingManual" while written
 * answers wait for a mark, and the change's time. A learner's changes get times that only go up,
 * so the platform, which keeps the latest, keeps the last change.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ScoreChange, ScoreChangeKind } from '../sessions/score-events.ts';

/** An AGS score (§3.4), without the user: the sender adds it. */
export interface ScorePayload {
  scoreGiven: number;
  scoreMaximum: number;
  activityProgress: 'Completed';
  gradingProgress: 'FullyGraded' | 'PendingManual';
  timestamp: string;
}

export async function enqueueScores(
  trx: Kysely<Database>,
  changes: readonly ScoreChange[],
  kind: ScoreChangeKind,
  at: number,
): Promise<void> {
  const candidates = changes.filter((c) => c.assignment_id !== null && c.user_id !== null);
  if (candidates.length === 0) return;
  const assignments = [...new Set(candidates.map((c) => c.assignment_id as string))];
  const targets = await trx
    .selectFrom('lti_links as l')
    .innerJoin('lti_platforms as p', 'p.id', 'l.platform_id')
    .innerJoin('lti_identities as i', 'i.issuer', 'p.issuer')
    .select(['l.assignment_id', 'l.platform_id', 'i.user_id', 'i.subject'])
    .where('l.assignment_id', 'in', assignments)
    .where('i.user_id', 'in', [...new Set(candidates.map((c) => c.user_id as string))])
    .execute();
  if (targets.length === 0) return;
  const target = new Map(targets.map((t) => [`${t.assignment_id} ${t.user_id}`, t]));
  const sent = candidates.filter((c) => target.has(`${c.assignment_id} ${c.user_id}`));
  if (sent.length === 0) return;
  const latest = await trx
    .selectFrom('lti_scores')
    .select(['session_uuid', (eb) => eb.fn.max('created_at').as('last')])
    .where(
      'session_uuid',
      'in',
      sent.map((c) => c.uuid),
    )
    .groupBy('session_uuid')
    .execute();
  const lastOf = new Map(latest.map((row) => [row.session_uuid, Number(row.last)]));
  for (const change of sent) {
    const { platform_id, subject } = target.get(`${change.assignment_id} ${change.user_id}`) as (typeof targets)[0];
    // Two changes in one millisecond (or on two machines whose clocks differ): still in order.
    const stamp = Math.max(at, (lastOf.get(change.uuid) ?? -1) + 1);
    const payload: ScorePayload = {
      scoreGiven: change.score,
      scoreMaximum: change.max_score,
      activityProgress: 'Completed',
      gradingProgress: change.awaiting_marks > 0 ? 'PendingManual' : 'FullyGraded',
      timestamp: new Date(stamp).toISOString(),
    };
    await trx
      .insertInto('lti_scores')
      .values({
        id: randomUUID(),
        platform_id,
        assignment_id: change.assignment_id as string,
        session_uuid: change.uuid,
        user_id: change.user_id as string,
        subject,
        kind,
        payload: JSON.stringify(payload),
        created_at: stamp,
        state: 'waiting',
        attempts: 0,
        next_at: stamp,
      })
      .execute();
  }
}
