/**
 * The answers a finish reads: every stored answer of the sessions it closes, in one read a batch,
 * and the answer that counts for each question. The finish scores the latest ones; the receipt
 * signs them all (its digest covers a changed answer's earlier values too), so each row keeps its id.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type { AnswerValue } from '../../../contract/index.ts';
import type { Database, OnlineSessionsTable } from '../../db/schema.ts';
import { padded } from './padded.ts';
import type { StoredAnswer } from './session-presenter.ts';

const ANSWER_READ_SESSIONS = 16;
/**
 * PostgreSQL: the answers of an array of sessions, session by session (`offset 0` keeps the inner
 * read a read per session, by the primary key, rather than one join the planner may turn into a
 * scan), in the order latestOf needs.
 */
const SESSIONS_ANSWERS = `select s.uuid as session_uuid, a.id, a.question_id, a.value, a.answered_at, a.late_ms
from unnest($1::text[]) as s(uuid)
cross join lateral (
  select question_id, value, answered_at, received_at, late_ms, id from answers
  where answers.session_uuid = s.uuid offset 0
) a
order by s.uuid, a.answered_at, a.received_at, a.id`;

/** One stored answer as the score reads it. */
export interface AnswerRow {
  question_id: string;
  value: string;
  answered_at: number;
  late_ms: number | null;
}

/** A stored answer with its id, as a finish reads it and a receipt signs it. */
export type FinishedAnswerRow = AnswerRow & { id: string };

/** A stored answer with its session, as a batch of finishes reads them. */
export type SessionAnswerRow = FinishedAnswerRow & { session_uuid: string };

/** An attempt a commit finished, with every answer it stored (in the order latestOf reads them). */
export interface FinishedAttempt {
  row: OnlineSessionsTable;
  answers: readonly FinishedAnswerRow[];
}

/**
 * The answer that counts for each question: the one answered last (then received last). `rows`
 * come in that order (answered_at, received_at, id), so the last one seen for a question counts.
 */
export function latestOf(rows: readonly AnswerRow[]): StoredAnswer[] {
  const latest = new Map<string, StoredAnswer>();
  for (const row of rows) {
    latest.set(row.question_id, {
      question_id: row.question_id,
      value: JSON.parse(row.value) as AnswerValue,
      answered_at: row.answered_at,
      late_ms: row.late_ms,
    });
  }
  return [...latest.values()];
}

/** The answers that count of one session, read from `db` (a transaction, say). */
export async function latestAnswersOf(db: Kysely<Database>, uuid: string): Promise<StoredAnswer[]> {
  const rows = await db
    .selectFrom('answers')
    .select(['question_id', 'value', 'answered_at', 'late_ms'])
    .where('session_uuid', '=', uuid)
    .orderBy('answered_at')
    .orderBy('received_at')
    .orderBy('id')
    .execute();
  return latestOf(rows);
}

/**
 * The stored answers of `sessions`, each session's in the order latestOf reads them. PostgreSQL
 * (`lateral`): one statement for the whole batch, each session's answers a range of the primary
 * key (the lateral read cannot be planned as a scan of the table, statistics or not), so a batch of
 * a class's finishes at its deadline is five round trips whatever its size. SQLite: a few sessions
 * a statement, each list as long as the next, since a long list of sessions whose answers the
 * database cannot count (no statistics yet, say) would be read by scanning the whole table.
 */
export async function answersOfSessions(
  trx: Kysely<Database>,
  sessions: string[],
  lateral: boolean,
): Promise<SessionAnswerRow[]> {
  if (lateral) {
    const result = await trx.executeQuery<SessionAnswerRow>(CompiledQuery.raw(SESSIONS_ANSWERS, [sessions]));
    return result.rows;
  }
  const rows: SessionAnswerRow[] = [];
  for (let at = 0; at < sessions.length; at += ANSWER_READ_SESSIONS) {
    rows.push(
      ...(await trx
        .selectFrom('answers')
        .select(['session_uuid', 'id', 'question_id', 'value', 'answered_at', 'late_ms'])
        .where('session_uuid', 'in', padded(sessions.slice(at, at + ANSWER_READ_SESSIONS), ANSWER_READ_SESSIONS))
        .orderBy('session_uuid')
        .orderBy('answered_at')
        .orderBy('received_at')
        .orderBy('id')
        .execute()),
    );
  }
  return rows;
}
