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

/**
 * What differs by dialect; everything else in the statement is common SQL. Each taker is written
 * as JSON text by concatenation: its one free text (the name) and its other texts go through the
 * database's own JSON quoting, its numbers and booleans are written by the database from typed
 * columns, and its keys are constants. On PostgreSQL that is half the cost of `json_build_object`
 * (which looks up each argument's type on every row: 2.7 ms against 1.3 ms of the database's time
 * for 600 takers), and the reads come every 1.5 s beside the class's answers.
 */
const DIALECT = {
  postgres: {
    quote: (value: RawBuilder<unknown>) => sql`to_json(${value})::text`,
    list: 'string_agg',
    latest: 'greatest',
  },
  sqlite: { quote: (value: RawBuilder<unknown>) => sql`json_quote(${value})`, list: 'group_concat', latest: 'max' },
} as const;

export async function monitorTakersJson(
  db: Kysely<Database>,
  dialect: Dialect,
  query: MonitorTakersQuery,
): Promise<string> {
  const d = DIALECT[dialect];
  // A number column that may be null, as JSON.
  const numberOrNull = (name: string) => sql`coalesce(cast(${sql.ref(name)} as text), 'null')`;
  // Contact is the latest of the start, the device's heartbeat and an answer's arrival.
  const contact = sql`${sql.raw(d.latest)}(started_at, coalesce(last_contact_at, 0), coalesce(last_answer_at, 0))`;
  const offline = sql`case when status = 'running' and ${contact} < ${query.now - OFFLINE_AFTER_MS} then 'true' else 'false' end`;
  // The contract's MonitorTaker, key by key.
  const taker = sql`'{"session":' || ${d.quote(sql`uuid`)}
    || ',"name":' || ${d.quote(sql`coalesce(display_name, '')`)}
    || ',"status":' || ${d.quote(sql`status`)}
    || ',"answered":' || cast(coalesce(answered_questions, 0) as text)
    || ',"question_count":' || ${sql.lit(String(query.questionCount))}
    || ',"started_at":' || cast(started_at as text)
    || ',"deadline":' || cast(deadline as text)
    || ',"finished_at":' || ${numberOrNull('finished_at')}
    || ',"last_contact_at":' || cast(${contact} as text)
    || ',"offline":' || ${offline}
    || ',"unsent_at_last_contact":' || ${numberOrNull('unsent_answers')}
    || '}'`;
  // Every taker in a class list's order (as inClassListOrder, class-list-order.ts); the changed
  // ones in no order, since a reader merges them into the list it holds and sorts that (mergeMonitor).
  const list =
    query.since === undefined
      ? sql`${sql.raw(d.list)}(${taker}, ',' order by display_name, started_at, uuid)`
      : sql`${sql.raw(d.list)}(${taker}, ',')`;
  const changed = query.since === undefined ? sql`` : sql`and changed_at >= ${query.since}`;
  const { rows } = await sql<{ takers: string }>`
    select '[' || coalesce(${list}, '') || ']' as takers
    from online_sessions
    where assignment_id = ${query.assignmentId} ${changed}`.execute(db);
  return rows[0]?.takers ?? '[]';
}
