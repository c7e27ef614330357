/**
 * What the sessions service keeps in memory to spare the database on an exam's hot paths: the
 * running sessions seen lately (their deadline and token never change; the status is checked again
 * on every write), the sessions this process just finished with the answers their score was fixed
 * from, and each lesson's heading for a few seconds.
 */
import type { Kysely } from 'kysely';
import type { Database, OnlineSessionsTable } from '../../db/schema.ts';
import { KeptBriefly } from '../catalog/kept-briefly.ts';
import type { LessonHeading, StoredAnswer } from './session-presenter.ts';

/** Running sessions seen lately, at most `limit`, the oldest forgotten first. */
export class RecentSessions {
  private readonly rows = new Map<string, OnlineSessionsTable>();

  constructor(private readonly limit = 50_000) {}

  get(uuid: string): OnlineSessionsTable | undefined {
    return this.rows.get(uuid);
  }

  /** Keeps a running session; a finished one is forgotten. */
  remember(row: OnlineSessionsTable): void {
    this.rows.delete(row.uuid);
    if (row.status !== 'running') return;
    if (this.rows.size >= this.limit) this.rows.delete(this.rows.keys().next().value as string);
    this.rows.set(row.uuid, row);
  }

  forget(uuid: string): void {
    this.rows.delete(uuid);
  }
}

/**
 * Sessions this process finished lately, at most `limit`, with the answers their score was fixed
 * from: a class reads its results right after its finish, and this spares those reads the database.
 * Only sessions of no assignment are kept: once finished, nothing changes them (answers are refused
 * after the finish, and linking to an account changes nothing their results show), while a tutor
 * may re-score an assignment's attempts from any process.
 */
export class FinishedSessions {
  private readonly kept = new Map<string, { row: OnlineSessionsTable; answers: StoredAnswer[] }>();

  constructor(private readonly limit = 10_000) {}

  remember(row: OnlineSessionsTable, answers: StoredAnswer[]): void {
    if (row.status !== 'finished' || row.assignment_id !== null) return;
    this.kept.delete(row.uuid);
    if (this.kept.size >= this.limit) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(row.uuid, { row, answers });
  }

  row(uuid: string): OnlineSessionsTable | undefined {
    return this.kept.get(uuid)?.row;
  }

  answers(uuid: string): StoredAnswer[] | undefined {
    return this.kept.get(uuid)?.answers;
  }
}

/**
 * Each lesson's slug and title texts, as a session's state and results show them. An exam's takers
 * all read the same few, so they come from memory for `ttlMs`: a re-import's new title shows that
 * much later, and everything that counts (versions, deadlines) never comes from here.
 */
export class LessonHeadings {
  private readonly kept: KeptBriefly<number, LessonHeading>;

  constructor(
    private readonly db: Kysely<Database>,
    now: () => number,
    ttlMs = 10_000,
  ) {
    this.kept = new KeptBriefly(now, ttlMs);
  }

  /** A heading just read elsewhere (a start reads its lesson anyway). */
  put(heading: LessonHeading): void {
    this.kept.put(heading.id, heading);
  }

  get(lessonId: number): Promise<LessonHeading> {
    return this.kept.get(lessonId, () =>
      this.db
        .selectFrom('lessons')
        .select(['id', 'slug', 'texts'])
        .where('id', '=', lessonId)
        .executeTakeFirstOrThrow(),
    );
  }
}
