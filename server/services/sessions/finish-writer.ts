/**
 * The finish's write. A class finishes together, at its shared deadline; finishes that arrive
 * together are closed together: one transaction locks their sessions, reads their answers, fixes
 * each score by one statement and commits once, and each finish is answered only after that commit
 * (one commit per taker made the deadline a queue for the database's disk).
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { FinishReason } from '../../../contract/index.ts';
import type { Database, OnlineSessionsTable } from '../../db/schema.ts';
import { asDrawn, type LessonVersionStore } from '../catalog/lesson-versions.ts';
import { CommitBatches } from './commit-batches.ts';
import { answersOfSessions, type FinishedAnswerRow, type FinishedAttempt, latestOf } from './finish-answers.ts';
import { inLockOrder } from './lock-order.ts';
import { padded } from './padded.ts';
import type { ScoreEvents } from './score-events.ts';
import { roundScore, scoreOf } from './scoring.ts';
import type { StoredAnswer } from './session-presenter.ts';

export { latestAnswersOf, latestOf } from './finish-answers.ts';
export { padded } from './padded.ts';

type SessionRow = OnlineSessionsTable;

interface Pending {
  uuid: string;
  /** A session's version never changes while it runs, so the caller's copy of the row names it. */
  versionId: number;
  reason: FinishReason;
  resolve: (row: SessionRow) => void;
  reject: (error: unknown) => void;
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
      /**
       * Told after the commit of the attempts it finished, with every answer they stored: what a
       * receipt signs, so that signing reads nothing again (receipts/receipt-batch.ts).
       */
      finished?: (attempts: FinishedAttempt[]) => void;
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
    const answersOf = new Map<string, FinishedAnswerRow[]>();
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
      for (const answer of await answersOfSessions(trx, running, this.options.rowLocks)) {
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
        .where(stillRunning)
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
    const finished = rows.filter((row) => scored.has(row.uuid));
    if (finished.length > 0)
      this.options.finished?.(finished.map((row) => ({ row, answers: answersOf.get(row.uuid) ?? [] })));
    return new Map(rows.map((row) => [row.uuid, row]));
  }
}

/**
 * The update's guard, as an expression the planner cannot look up by index: it must find the rows
 * by their uuids. SQLite without statistics (any fresh database) took `status = 'running'` for the
 * better index and walked every running session: at a class's deadline, 20,000 rows for each batch
 * of a few finishes (2.1 ms a statement of 16 where the uuids take 0.2 ms; finish-writer.test.ts).
 */
const stillRunning = sql<boolean>`${sql.ref('status')} || '' = 'running'`;

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
