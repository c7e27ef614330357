import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * A class list's order for an assignment's attempts, wherever they are listed (monitor, results,
 * exports, re-score report): by name; one name twice, in the order they started; then by id, so
 * that the order never depends on where the rows happen to lie. The monitor's full read orders
 * its JSON the same way in its own SQL (monitor-takers.ts).
 */
export function inClassListOrder<TB extends keyof Database, O>(
  query: SelectQueryBuilder<Database, TB | 'online_sessions', O>,
): SelectQueryBuilder<Database, TB | 'online_sessions', O> {
  // As references: Kysely cannot check a column name against a set of tables not yet known here.
  return query
    .orderBy(sql.ref('online_sessions.display_name'))
    .orderBy(sql.ref('online_sessions.started_at'))
    .orderBy(sql.ref('online_sessions.uuid'));
}
