/**
 * The monitor's takers as the contract's JSON text (`MonitorTaker[]`), built by the database in the
 * read itself. A tutor's monitor is read every 1.5 s while the class answers, and the serving
 * process's one thread is where the class's answers are taken: a thousand changed sessions parsed
 * into rows, made into takers and written out as JSON hold that thread for milliseconds on every
 * read, long enough to hold up a whole commit's worth of acknowledgments behind it. As one string
 * from the database, the read costs the thread next to nothing; the text goes out as it came.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { OFFLINE_AFTER_MS } from '../../../contract/online.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export interface MonitorTakersQuery {
  assignmentId: string;
  /** Only the sessions stamped changed at or after this; every session when undefined. */
  since?: number;
  questionCount: number;
  /** The server's now: a running taker not heard from for OFFLINE_AFTER_MS before it is offline. */
  now: number;
}

/** The JSON functions by dialect; everything else in the statement is common SQL. */
const FUNCTIONS = {
  postgres: { object: 'json_build_object', list: 'json_agg', latest: 'greatest', empty: `'[]'::json` },
  sqlite: { object: 'json_object', list: 'json_group_array', latest: 'max', empty: `'[]'` },
} as const;

/** A JSON boolean from a condition: SQLite's JSON functions would write 0 or 1. */
const bool = (dialect: Dialect, condition: RawBuilder<unknown>) =>
  dialect === 'postgres' ? condition : sql`json(case when ${condition} then 'true' else 'false' end)`;

export async function monitorTakersJson(
  db: Kysely<Database>,
  dialect: Dialect,
  query: MonitorTakersQuery,
): Promise<string> {
  const f = FUNCTIONS[dialect];
  const fn = (name: string) => sql.raw(name);
  // Contact is the latest of the start, the device's heartbeat and an answer's arrival.
  const contact = sql`${fn(f.latest)}(started_at, coalesce(last_contact_at, 0), coalesce(last_answer_at, 0))`;
  const taker = sql`${fn(f.object)}(
    'session', uuid,
    'name', coalesce(display_name, ''),
    'status', status,
    'answered', coalesce(answered_questions, 0),
    'question_count', ${sql.lit(query.questionCount)},
    'started_at', started_at,
    'deadline', deadline,
    'finished_at', finished_at,
    'last_contact_at', ${contact},
    'offline', ${bool(dialect, sql`status = 'running' and ${contact} < ${query.now - OFFLINE_AFTER_MS}`)},
    'unsent_at_last_contact', unsent_answers
  )`;
  // Every taker in a class list's order (as inClassListOrder, class-list-order.ts); the changed
  // ones in no order, since a reader merges them into the list it holds and sorts that (mergeMonitor).
  const list =
    query.since === undefined
      ? sql`${fn(f.list)}(${taker} order by display_name, started_at, uuid)`
      : sql`${fn(f.list)}(${taker})`;
  const changed = query.since === undefined ? sql`` : sql`and changed_at >= ${query.since}`;
  const { rows } = await sql<{ takers: string }>`
    select cast(coalesce(${list}, ${sql.raw(f.empty)}) as text) as takers
    from online_sessions
    where assignment_id = ${query.assignmentId} ${changed}`.execute(db);
  return rows[0]?.takers ?? '[]';
}
