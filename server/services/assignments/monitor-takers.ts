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
import type { AssignmentsTable, Database } from '../../db/schema.ts';

export interface MonitorTakersQuery {
  assignmentId: string;
  /** The tutor asking: another's assignment reads as none. */
  ownerId: string;
  /** Only the sessions changed since an earlier read's cursor (changedSinceTransaction on PostgreSQL); every session when undefined. */
  since?: number;
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
    changedSince: changedSinceTransaction,
    // The oldest transaction the read's snapshot saw still running (changedSinceTransaction).
    cursor: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`,
  },
  sqlite: {
    quote: (value: RawBuilder<unknown>) => sql`json_quote(${value})`,
    list: 'group_concat',
    latest: 'max',
    changedSince: (since: number) => sql`s.changed_at >= ${since}`,
    cursor: sql<string | null>`null`,
  },
} as const;

/**
 * On PostgreSQL a monitor's cursor is a transaction id, not a time: the next read brings the
 * sessions whose row was written by that transaction or a later one (`xmin`, the transaction that
 * wrote the row's current version). A time cursor has to lie seconds behind its read, since a write
 * is stamped before it commits (MONITOR_OVERLAP_MS): read every 1.5 s, that sent most changed takers
 * twice or three times. The cursor is the oldest transaction the read's snapshot saw still running:
 * what any earlier one wrote was committed and seen by the read, so nothing is missed, and what is
 * sent again is only what was written by transactions running at the read (anywhere on the
 * database server: one left open for long makes every read send more, never less). Any other write
 * to an assigned session makes it sent again too, harmlessly.
 *
 * `xmin` is 32 bits and wraps; the cursor is the 64-bit id. Both are compared by how far back they
 * lie (`age`, on 32 bits), which is right for whatever lies less than 2^31 transactions back: a
 * cursor is at most a minute old (the page reads everyone again every 60 s), and a row further back
 * (frozen, long unchanged) may be sent again, never missed. A cursor past the read's next
 * transaction (`pg_snapshot_xmax`) was never a transaction id: a time cursor from a server before
 * this one (a monitor open across the upgrade), read by its `changed_at` as before.
 */
function changedSinceTransaction(since: number) {
  // A subquery, so that the statement takes it once (an "InitPlan"), not once for every row.
  const next = sql`(select pg_snapshot_xmax(pg_current_snapshot())::text::bigint)`;
  // How far back each row's transaction and the cursor's lie from the one moment `age` counts from
  // (the next transaction when first called, the same for the whole statement): a row was written
  // at or after the cursor when it lies no further back. `age` is plain arithmetic on 32 bits, where
  // the row's id as a 64-bit number costs a text conversion for each of the assignment's rows.
  const cursorAge = sql`(select age(${String(since % 2 ** 32)}::xid))`;
  return sql`(case when ${since} > ${next} then s.changed_at >= ${since} else age(s.xmin) <= ${cursorAge} end)`;
}

/** What a monitor read needs of its assignment, read by the same statement as its takers. */
export type MonitoredAssignment = Pick<
  AssignmentsTable,
  'rules' | 'opens_at' | 'closes_at' | 'started_at' | 'closed_at'
>;

export interface MonitorTakers {
  assignment: MonitoredAssignment;
  /** The takers, as the contract's JSON text. */
  json: string;
  /** The cursor the read itself sets (PostgreSQL's transaction cursor); null where a time cursor serves. */
  cursor: number | null;
}

/**
 * The assignment and its takers in one statement (undefined when the tutor has no such assignment):
 * each statement costs the serving process's thread a round of building, sending and parsing, and
 * this one runs every 1.5 s while a class answers beside it.
 */
export async function monitorTakersJson(
  db: Kysely<Database>,
  dialect: Dialect,
  query: MonitorTakersQuery,
): Promise<MonitorTakers | undefined> {
  const d = DIALECT[dialect];
  // A number column that may be null, as JSON.
  const numberOrNull = (name: string) => sql`coalesce(cast(${sql.ref(name)} as text), 'null')`;
  // Contact is the latest of the start, the device's heartbeat and an answer's arrival.
  const contact = sql`${sql.raw(d.latest)}(s.started_at, coalesce(s.last_contact_at, 0), coalesce(s.last_answer_at, 0))`;
  const offline = sql`case when s.status = 'running' and ${contact} < ${query.now - OFFLINE_AFTER_MS} then 'true' else 'false' end`;
  // The contract's MonitorTaker, key by key.
  const taker = sql`'{"session":' || ${d.quote(sql`s.uuid`)}
    || ',"name":' || ${d.quote(sql`coalesce(s.display_name, '')`)}
    || ',"status":' || ${d.quote(sql`s.status`)}
    || ',"answered":' || cast(coalesce(s.answered_questions, 0) as text)
    || ',"question_count":' || cast(l.question_count as text)
    || ',"started_at":' || cast(s.started_at as text)
    || ',"deadline":' || cast(s.deadline as text)
    || ',"finished_at":' || ${numberOrNull('s.finished_at')}
    || ',"last_contact_at":' || cast(${contact} as text)
    || ',"offline":' || ${offline}
    || ',"unsent_at_last_contact":' || ${numberOrNull('s.unsent_answers')}
    || ',"signals":' || case when s.collect_signals = 1 then cast(s.signal_count as text) else 'null' end
    || case when s.accommodation is null then '' else ',"accommodation":' || s.accommodation end
    || '}'`;
  // Every taker in a class list's order (as inClassListOrder, class-list-order.ts); the changed
  // ones in no order, since a reader merges them into the list it holds and sorts that (mergeMonitor).
  const list =
    query.since === undefined
      ? sql`${sql.raw(d.list)}(${taker}, ',' order by s.display_name, s.started_at, s.uuid)`
      : sql`${sql.raw(d.list)}(${taker}, ',')`;
  const changed = query.since === undefined ? sql`` : sql`and ${d.changedSince(query.since)}`;
  const { rows } = await sql<MonitoredAssignment & { takers: string; cursor: string | null }>`
    select a.rules, a.opens_at, a.closes_at, a.started_at, a.closed_at,
      (select '[' || coalesce(${list}, '') || ']' from online_sessions s
        where s.assignment_id = a.id ${changed}) as takers,
      ${d.cursor} as cursor
    from assignments a join lessons l on l.id = a.lesson_id
    where a.id = ${query.assignmentId} and a.owner_id = ${query.ownerId}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const { takers, cursor, ...assignment } = row;
  return { assignment, json: takers, cursor: cursor == null ? null : Number(cursor) };
}
