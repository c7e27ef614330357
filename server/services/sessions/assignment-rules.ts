/**
 * An assignment's rules and where it stands, from its row: here, with the sessions, since what a
 * taker is shown of their attempt depends on them (review-levels.ts) and the sessions' domain is the
 * lower one: assignments use sessions, never the other way round.
 */
import type { AssignmentRules, AssignmentState } from '../../../contract/assignments.ts';
import type { AssignmentsTable } from '../../db/schema.ts';

/** An assignment's rules, kept as JSON in its row. */
export const rulesOf = (row: Pick<AssignmentsTable, 'rules'>) => JSON.parse(row.rules) as AssignmentRules;

/**
 * Where an assignment stands at `now`: closed once closed by its tutor or past its closing time;
 * scheduled before its opening time; in the lobby while it waits for the tutor's signal; else open.
 */
export function stateAt(
  row: Pick<AssignmentsTable, 'opens_at' | 'closes_at' | 'started_at' | 'closed_at'>,
  rules: AssignmentRules,
  now: number,
): AssignmentState {
  if (row.closed_at !== null || (row.closes_at !== null && now >= row.closes_at)) return 'closed';
  if (row.opens_at !== null && now < row.opens_at) return 'scheduled';
  if (rules.start === 'signal' && row.started_at === null) return 'lobby';
  return 'open';
}
