/**
 * Assignments as their tutor manages them: a lesson given to takers by a short code, with the
 * tutor's rules; the start signal, closing, extra time and the change log. Each belongs to one
 * tutor, and to every other tutor it does not exist (404). The takers' side is takers.ts, the
 * monitor monitor-reads.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type {
  Assignment,
  AssignmentChange,
  CreateAssignmentRequest,
  ExtraTimeReceipt,
} from '../../../contract/assignments.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { removeAttempts } from '../sessions/remove-attempts.ts';
import {
  logChange,
  newAssignmentCode,
  notFoundById,
  presentAssignment,
  requireOwned,
  selectAssignments,
} from './assignment-rows.ts';
import type { LobbyWaits } from './lobby-waits.ts';

export interface AssignmentsOptions {
  now: () => number;
  /** The database's kind: on PostgreSQL several writes of sessions run side by side and lock their rows. */
  dialect: Dialect;
  /** Sessions whose deadline moved, or that are gone: whatever keeps them in memory reads them again. */
  deadlinesMoved?: (sessions: readonly string[]) => void;
}

const CODE_TRIES = 8;

export class Assignments {
  constructor(
    private readonly db: Kysely<Database>,
    /** Lobby requests waiting for the signal: a signal or a closing answers them at once. */
    private readonly waits: LobbyWaits,
    private readonly options: AssignmentsOptions,
  ) {}

  /** The lesson the request names: one of the tutor's published tests, or a catalog lesson. */
  private async lessonOf(ownerId: string, request: CreateAssignmentRequest) {
    if (request.test_id !== undefined) {
      const test = await this.db
        .selectFrom('tutor_tests')
        .select(['id', 'status', 'lesson_id'])
        .where('id', '=', request.test_id)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      if (!test) throw new HttpError(404, phrase('tutorTestNotFound'));
      if (test.status !== 'published' || test.lesson_id === null) {
        const said = phrase('assignOnlyPublished');
        throw new HttpError(422, said, { test_id: [said] });
      }
      return { lessonId: test.lesson_id, testId: test.id };
    }
    const lesson = await this.db
      .selectFrom('lessons')
      .select('id')
      .where('slug', '=', request.lesson_slug ?? '')
      .where('owner_id', 'is', null)
      .where('published', '=', 1)
      .executeTakeFirst();
    if (!lesson) {
      const said = phrase('noSuchCatalogLesson');
      throw new HttpError(422, said, { lesson_slug: [said] });
    }
    return { lessonId: lesson.id, testId: null };
  }

  async create(ownerId: string, locale: Locale, request: CreateAssignmentRequest): Promise<Assignment> {
    const { lessonId, testId } = await this.lessonOf(ownerId, request);
    const id = randomUUID();
    const { opens_at, closes_at } = request.rules;
    for (let attempt = 0; attempt < CODE_TRIES; attempt++) {
      const result = await this.db
        .insertInto('assignments')
        .values({
          id,
          code: newAssignmentCode(),
          owner_id: ownerId,
          lesson_id: lessonId,
          test_id: testId,
          rules: JSON.stringify(request.rules),
          opens_at,
          closes_at,
          started_at: null,
          closed_at: null,
          created_at: this.options.now(),
        })
        .onConflict((c) => c.column('code').doNothing())
        .executeTakeFirst();
      // A code already taken (about one in 10¹¹ per assignment): another one.
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) return this.get(ownerId, id, locale);
    }
    throw new Error('no free assignment code was found');
  }

  async list(ownerId: string, locale: Locale): Promise<Assignment[]> {
    const rows = await selectAssignments(this.db)
      .where('assignments.owner_id', '=', ownerId)
      .orderBy('assignments.created_at', 'desc')
      .orderBy('assignments.id')
      .execute();
    const now = this.options.now();
    return rows.map((row) => presentAssignment(row, locale, now));
  }

  async get(ownerId: string, id: string, locale: Locale): Promise<Assignment> {
    const row = await selectAssignments(this.db)
      .where('assignments.id', '=', id)
      .where('assignments.owner_id', '=', ownerId)
      .executeTakeFirst();
    if (!row) throw notFoundById();
    return presentAssignment(row, locale, this.options.now());
  }

  /**
   * The start signal: the lobby opens, and every taker's time counts from this server moment. A
   * second signal changes nothing; an assignment that starts by its window has none.
   */
  async signal(ownerId: string, id: string, locale: Locale): Promise<Assignment> {
    const assignment = await this.get(ownerId, id, locale);
    if (assignment.rules.start !== 'signal') throw new HttpError(409, phrase('assignmentStartsByWindow'));
    if (assignment.state === 'closed') throw new HttpError(409, phrase('assignmentClosed'));
    await this.db
      .updateTable('assignments')
      .set({ started_at: this.options.now() })
      .where('id', '=', id)
      .where('started_at', 'is', null)
      .execute();
    this.waits.wake(id);
    return this.get(ownerId, id, locale);
  }

  /**
   * Gone with everything of its attempts: answers, integrity signals, the lobby and the change log.
   * A taker's device still holding one of its attempts learns it is no longer known (401).
   */
  async remove(ownerId: string, id: string): Promise<void> {
    await requireOwned(this.db, ownerId, id);
    const gone = await this.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('online_sessions').select('uuid').where('assignment_id', '=', id).execute();
      const uuids = rows.map((row) => row.uuid);
      await removeAttempts(trx, uuids);
      await trx.deleteFrom('assignment_lobby').where('assignment_id', '=', id).execute();
      await trx.deleteFrom('assignment_changes').where('assignment_id', '=', id).execute();
      await trx.deleteFrom('assignments').where('id', '=', id).execute();
      return uuids;
    });
    this.options.deadlinesMoved?.(gone);
    this.waits.wake(id);
  }

  /**
   * Closed now, unless it was already (a second close changes nothing). Attempts still running end
   * now: their deadline moves to this moment, so answers given before it still arrive from devices
   * without a connection (within the grace), and the sweep closes them after it.
   */
  async close(ownerId: string, id: string, locale: Locale): Promise<Assignment> {
    await requireOwned(this.db, ownerId, id);
    const now = this.options.now();
    const moved = await this.db.transaction().execute(async (trx) => {
      const closed = await trx
        .updateTable('assignments')
        .set({ closed_at: now })
        .where('id', '=', id)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      if (Number(closed.numUpdatedRows) === 0) return [];
      if (this.options.dialect === 'postgres') {
        // Locked first in the one lock order (lock-order.ts): the update's own scan would take
        // them in any order, and two such commits could wait on each other in a circle.
        await trx
          .selectFrom('online_sessions')
          .select('uuid')
          .where('assignment_id', '=', id)
          .where('status', '=', 'running')
          .where('deadline', '>', now)
          .orderBy('uuid')
          .forUpdate()
          .execute();
      }
      return trx
        .updateTable('online_sessions')
        .set({ deadline: now, changed_at: now })
        .where('assignment_id', '=', id)
        .where('status', '=', 'running')
        .where('deadline', '>', now)
        .returning('uuid')
        .execute();
    });
    this.options.deadlinesMoved?.(moved.map((row) => row.uuid));
    this.waits.wake(id);
    return this.get(ownerId, id, locale);
  }

  /**
   * More time for one running attempt: its deadline moves, the change is recorded, and the taker's
   * device learns the new deadline on its next contact (heartbeat or answers).
   */
  async extraTime(owner: UsersTable, id: string, sessionUuid: string, minutes: number): Promise<ExtraTimeReceipt> {
    await requireOwned(this.db, owner.id, id);
    const session = await this.db
      .selectFrom('online_sessions')
      .select(['uuid', 'status'])
      .where('uuid', '=', sessionUuid)
      .where('assignment_id', '=', id)
      .executeTakeFirst();
    if (!session) throw new HttpError(404, phrase('attemptNotInAssignment'));
    if (session.status !== 'running') throw new HttpError(409, phrase('attemptAlreadyFinished'));
    const now = this.options.now();
    const deadline = await this.db.transaction().execute(async (trx) => {
      // Added to the deadline as it stands (not set from the one read above): two grants at once
      // are two grants, each logged with the deadline it moved from and to.
      const moved = await trx
        .updateTable('online_sessions')
        .set((eb) => ({ deadline: eb('deadline', '+', minutes * 60_000), changed_at: now }))
        .where('uuid', '=', sessionUuid)
        .where('status', '=', 'running')
        .returning('deadline')
        .executeTakeFirst();
      if (!moved) throw new HttpError(409, phrase('attemptAlreadyFinished'));
      const after = Number(moved.deadline);
      const before = after - minutes * 60_000;
      await logChange(trx, {
        assignment_id: id,
        kind: 'extra_time',
        session_uuid: sessionUuid,
        detail: { minutes, old_deadline: before, new_deadline: after },
        by_user: owner.id,
        at: now,
      });
      return after;
    });
    this.options.deadlinesMoved?.([sessionUuid]);
    return { session: sessionUuid, deadline, server_now: now };
  }

  /** What the tutor changed after takers started, newest first. */
  async changes(ownerId: string, id: string): Promise<AssignmentChange[]> {
    await requireOwned(this.db, ownerId, id);
    const rows = await this.db
      .selectFrom('assignment_changes')
      .leftJoin('online_sessions', 'online_sessions.uuid', 'assignment_changes.session_uuid')
      .select([
        'assignment_changes.kind',
        'assignment_changes.at',
        'assignment_changes.session_uuid',
        'assignment_changes.detail',
        'online_sessions.display_name',
      ])
      .where('assignment_changes.assignment_id', '=', id)
      .orderBy('assignment_changes.at', 'desc')
      .orderBy('assignment_changes.id')
      .execute();
    return rows.map((row) => ({
      kind: row.kind,
      at: Number(row.at),
      session: row.session_uuid,
      name: row.display_name,
      detail: row.detail,
    }));
  }
}
