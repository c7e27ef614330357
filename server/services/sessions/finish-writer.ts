/**
 * The finish's write. A class finishes together, at its shared deadline; finishes that arrive
 * together are closed together: one transaction locks their sessions, reads their answers, fixes
 * each score by one statement and commits once, and each finish is answered only after that commit
 * (one commit per taker made the deadline a queue for the database's disk).
 */
import { CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import type { AnswerValue, FinishReason } from '../../../contract/index.ts';
import type { Database, OnlineSessionsTable } from '../../db/schema.ts';
import { asDrawn, type LessonVersionStore } from '../catalog/lesson-versions.ts';
import { CommitBatches } from './commit-batches.ts';
import { inLockOrder } from './lock-order.ts';
import type { ScoreEvents } from './score-events.ts';
import { roundScore, scoreOf } from './scoring.ts';
import type { StoredAnswer } from './session-presenter.ts';

type SessionRow = OnlineSessionsTable;
const ANSWER_READ_SESSIONS = 16;
/**
 * PostgreSQL: the answers of an array of sessions, session by session (`offset 0` keeps the inner
 * read a read per session, by the primary key, rather than one join the planner may turn into a
 * scan), in the order latestOf needs.
 */
const SESSIONS_ANSWERS = `select s.uuid as session_uuid, a.question_id, a.value, a.answered_at, a.late_ms
from unnest($1::text[]) as s(uuid)
cross join lateral (
  select question_id, value, answered_at, received_at, late_ms, id from answers
  where answers.session_uuid = s.uuid offset 0
) a
order by s.uuid, a.answered_at, a.received_at, a.id`;

interface Pending {
  uuid: string;
  /** A session's version never changes while it runs, so the caller's copy of the row names it. */
  versionId: number;
  reason: FinishReason;
  resolve: (row: SessionRow) => void;
  reject: (error: unknown) => void;
}

/** One stored answer as the score reads it. */
export interface AnswerRow {
  question_id: string;
  value: string;
  answered_at: number;
  late_ms: number | null;
}

/** A stored answer with its session, as a batch of finishes reads them. */
type SessionAnswerRow = AnswerRow & { session_uuid: string };

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

export class FinishWriter {
  /**
   * One commit at a time: a finish's commit is several statements (five round trips on
   * PostgreSQL), so at a deadline the finishes that arrive during one wait for it and share the
   * next, rather than each paying them all. With two under way, a class's finishes came 2.5 a
   * commit on average and fell behind at the deadline; with one, about 10.
   */
  private readonly batches = new CommitBatches<Pending>((batch) => this.write(batch), 1);
  /** Batches that failed as a whole and were written one by one (a deadlock would be one). */
  split = 0;

  /**
   * `rowLocks` (PostgreSQL): the sessions' rows are locked first, in uuid order, as the answer
   * writer takes its own locks: that waits for answers being inserted and holds back the ones that
   * come after, which then find the session finished, and two commits never wait on each other.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly versions: LessonVersionStore,
    private readonly options: {
      rowLocks: boolean;
      now: () => number;
      /** Told of each session as committed, with the answers scored when this commit finished it. */
      closed: (row: SessionRow, scored?: StoredAnswer[]) => void;
      /** Told of the scores this commit fixed, inside it. */
      scoreEvents?: ScoreEvents;
    },
  ) {}

  /**
   * Marks the session finished, if it is still running, and fixes its score from the answers stored
   * before; answers with the row as committed (a session finished before keeps its first finish).
   */
  close(session: Pick<SessionRow, 'uuid' | 'lesson_version_id'>, reason: FinishReason): Promise<SessionRow> {
    return new Promise((resolve, reject) => {
      this.batches.push({ uuid: session.uuid, versionId: session.lesson_version_id, reason, resolve, reject });
    });
  }

  private async write(batch: Pending[]): Promise<void> {
    try {
      this.settle(batch, await this.closeAll(batch));
    } catch {
      this.split += 1;
      // One bad session must not fail its neighbours: close them one by one instead.
      await Promise.all(
        batch.map(async (p) => {
          try {
            this.settle([p], await this.closeAll([p]));
          } catch (error) {
            p.reject(error);
          }
        }),
      );
    }
  }

  private settle(batch: Pending[], rows: Map<string, SessionRow>): void {
    for (const p of batch) {
      const row = rows.get(p.uuid);
      if (row) p.resolve(row);
      else p.reject(new Error(`no session ${p.uuid} to finish`));
    }
  }

  private async closeAll(batch: Pending[]): Promise<Map<string, SessionRow>> {
    const now = this.options.now();
    // Read before the transaction: on SQLite its one connection is the transaction's until the commit.
    const versionIds = [...new Set(batch.map((p) => p.versionId))];
    const versions = new Map(
      await Promise.all(versionIds.map(async (id) => [id, await this.versions.get(id)] as const)),
    );
    const reasons = new Map<string, FinishReason>();
    const versionOf = new Map<string, number>();
    for (const p of batch) {
      // The same session twice in one batch: the first finish's reason counts, as if it came alone.
      if (!reasons.has(p.uuid)) reasons.set(p.uuid, p.reason);
      versionOf.set(p.uuid, p.versionId);
    }
    const uuids = [...reasons.keys()].sort(inLockOrder);
    const scores = new Map<string, number>();
    const awaiting = new Map<string, number>();
    const scored = new Map<string, StoredAnswer[]>();
    const rows = await this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('online_sessions')
        .selectAll()
        .where('uuid', 'in', padded(uuids))
        .orderBy('uuid')
        .$if(this.options.rowLocks, (query) => query.forUpdate())
        .execute();
      const running = current.filter((row) => row.status === 'running').map((row) => row.uuid);
      if (running.length === 0) return current;
      const answersOf = new Map<string, AnswerRow[]>();
      for (const answer of await this.answersOf(trx, running)) {
        const list = answersOf.get(answer.session_uuid);
        if (list) list.push(answer);
        else answersOf.set(answer.session_uuid, [answer]);
      }
      const drawnOf = new Map(current.map((row) => [row.uuid, row.drawn]));
      // Only an assignment's attempts have a tutor to mark their essays (scoring.ts).
      const assigned = new Set(current.filter((row) => row.assignment_id !== null).map((row) => row.uuid));
      for (const uuid of running) {
        const written = versions.get(versionOf.get(uuid) as number);
        if (!written) throw new Error(`session ${uuid} has no version to score with`);
        const version = asDrawn(written, drawnOf.get(uuid) ?? null);
        const latest = latestOf(answersOf.get(uuid) ?? []);
        scored.set(uuid, latest);
        // No mark exists before the finish: a written essay awaits one.
        const { score, awaiting: unmarked } = scoreOf(version, latest, undefined, assigned.has(uuid));
        scores.set(uuid, roundScore(score));
        awaiting.set(uuid, unmarked);
      }
      await trx
        .updateTable('online_sessions')
        .set({
          status: 'finished',
          finished_at: now,
          changed_at: now,
          score: byUuid(padded(running), scores, 'score'),
          finish_reason: byUuid(padded(running), reasons, 'finish_reason'),
          // The statement names the column only when an essay awaits a mark: a class without one keeps one text.
          ...([...awaiting.values()].some((n) => n > 0)
            ? { awaiting_marks: byUuid(padded(running), awaiting, 'awaiting_marks') }
            : {}),
        })
        .where('uuid', 'in', padded(running))
        .where('status', '=', 'running')
        .execute();
      if (this.options.scoreEvents) {
        const finished = current.filter((row) => row.status === 'running');
        const changes = finished.map((row) => ({
          uuid: row.uuid,
          assignment_id: row.assignment_id,
          user_id: row.user_id,
          score: scores.get(row.uuid) as number,
          max_score: Number(row.max_score),
          awaiting_marks: awaiting.get(row.uuid) ?? 0,
        }));
        await this.options.scoreEvents(trx, changes, 'finish', now);
      }
      return current.map((row) =>
        row.status === 'running'
          ? {
              ...row,
              status: 'finished' as const,
              finished_at: now,
              changed_at: now,
              score: scores.get(row.uuid) as number,
              finish_reason: reasons.get(row.uuid) as FinishReason,
              awaiting_marks: awaiting.get(row.uuid) ?? 0,
            }
          : row,
      );
    });
    for (const row of rows) this.options.closed(row, scored.get(row.uuid));
    return new Map(rows.map((row) => [row.uuid, row]));
  }

  /**
   * The stored answers of `sessions`, each session's in the order latestOf reads them. PostgreSQL:
   * one statement for the whole batch, each session's answers a range of the primary key (the
   * lateral read cannot be planned as a scan of the table, statistics or not), so a batch of a
   * class's finishes at its deadline is five round trips whatever its size. SQLite: a few sessions
   * a statement, each list as long as the next, since a long list of sessions whose answers the
   * database cannot count (no statistics yet, say) would be read by scanning the whole table.
   */
  private async answersOf(trx: Kysely<Database>, sessions: string[]): Promise<SessionAnswerRow[]> {
    if (this.options.rowLocks) {
      const result = await trx.executeQuery<SessionAnswerRow>(CompiledQuery.raw(SESSIONS_ANSWERS, [sessions]));
      return result.rows;
    }
    const rows: SessionAnswerRow[] = [];
    for (let at = 0; at < sessions.length; at += ANSWER_READ_SESSIONS) {
      rows.push(
        ...(await trx
          .selectFrom('answers')
          .select(['session_uuid', 'question_id', 'value', 'answered_at', 'late_ms'])
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
}

/**
 * Each session's own value by its uuid, in one statement; the column itself otherwise, which also
 * gives PostgreSQL the type of the parameters.
 */
function byUuid<T>(
  uuids: readonly string[],
  values: Map<string, T>,
  column: 'score' | 'finish_reason' | 'awaiting_marks',
): RawBuilder<T> {
  const cases = uuids.map((uuid) => sql`when ${uuid} then ${values.get(uuid)}`);
  return sql<T>`case ${sql.ref('uuid')} ${sql.join(cases, sql` `)} else ${sql.ref(column)} end`;
}

/**
 * The list made `size` long (by default the next power of two) by repeating its last item, which
 * changes nothing an `in` list or a `case` means: a batch's statements then take one of a few texts
 * rather than one per batch size, and PostgreSQL plans each text once per connection
 * (db/prepared-statements.ts).
 */
export function padded<T>(list: readonly T[], size = 2 ** Math.ceil(Math.log2(Math.max(list.length, 1)))): T[] {
  const last = list[list.length - 1];
  return last === undefined ? [...list] : [...list, ...Array<T>(Math.max(0, size - list.length)).fill(last)];
}
