/**
 * Assignments: a lesson given to takers by a short code, with the tutor's rules. Each belongs to
 * one tutor, and to every other tutor it does not exist (404). What anyone with the code may learn
 * (the test, its time, its window, its rules) is answered by `byCode`.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ASSIGNMENT_CODE_ALPHABET,
  ASSIGNMENT_CODE_LENGTH,
  type Assignment,
  type AssignmentChange,
  type AssignmentMonitor,
  type AssignmentRules,
  type CreateAssignmentRequest,
  type ExtraTimeReceipt,
  LOBBY_HOLD_MS,
  type LobbyReceipt,
  type LobbyRequest,
  type PublicAssignment,
  type StudentAssignment,
} from '../../../contract/assignments.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { Dialect } from '../../db/database.ts';
import type { AssignmentsTable, Database, LessonsTable, UsersTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { type Localized, pick } from '../catalog/localize.ts';
import type { AssignedStart } from '../sessions/online-sessions.ts';
import { rulesOf, stateAt } from './assignment-state.ts';
import { LobbyWaits } from './lobby-waits.ts';
import { monitorTakersJson } from './monitor-takers.ts';

export interface AssignmentsOptions {
  now: () => number;
  /**
   * The database's kind: on PostgreSQL several writes of sessions run side by side and lock their
   * rows; and the monitor's statement is written in each one's own SQL (monitor-takers.ts).
   */
  dialect: Dialect;
  /** Where long reads go (database.ts `reads`); the main connection when not given. */
  reads?: Kysely<Database>;
  /** Sessions whose deadline moved here: whatever keeps them in memory reads them again. */
  deadlinesMoved?: (sessions: readonly string[]) => void;
}

/** A monitor read: everything but the takers, and the takers as the database wrote them, JSON text. */
export interface MonitorRead {
  monitor: Omit<AssignmentMonitor, 'takers'>;
  takersJson: string;
}

/** An assignment with what it shows of its lesson. */
type Row = AssignmentsTable & Pick<LessonsTable, 'texts' | 'duration_seconds' | 'question_count'>;

/** A new code: eight characters a class can copy from a board without mistaking one for another. */
export function newAssignmentCode(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < ASSIGNMENT_CODE_LENGTH; i++)
    code += ASSIGNMENT_CODE_ALPHABET[random(ASSIGNMENT_CODE_ALPHABET.length)];
  return code;
}

/** A taker's code that names no assignment. */
const notFound = () => new HttpError(404, phrase('assignmentNotFound'));
/** A tutor's id that names none of theirs. */
const notFoundById = () => new HttpError(404, phrase('noSuchAssignment'));
const CODE_TRIES = 8;
/**
 * On SQLite, a monitor's cursor is a time and lies this far behind its read (on PostgreSQL it is
 * a transaction, exact: monitor-takers.ts): an answer's session is stamped with the
 * answer's arrival but committed a moment later (answer-writer.ts), other stamps are written a
 * moment after their time is taken, and processes on several machines differ by a little clock; a
 * write stamped just before a read yet stored after it is still sent by the next read.
 */
const MONITOR_OVERLAP_MS = 2_000;
/** The monitor shows a device in the lobby while it asked within this (it asks every 20 s at most). */
const LOBBY_SEEN_MS = 60_000;

export class Assignments {
  /** Lobby requests waiting for the signal. */
  readonly waits: LobbyWaits;
  private readonly reads: Kysely<Database>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: AssignmentsOptions,
  ) {
    this.waits = new LobbyWaits(db);
    this.reads = options.reads ?? db;
  }

  private select() {
    return this.db
      .selectFrom('assignments')
      .innerJoin('lessons', 'lessons.id', 'assignments.lesson_id')
      .select([
        'assignments.id',
        'assignments.code',
        'assignments.owner_id',
        'assignments.lesson_id',
        'assignments.test_id',
        'assignments.rules',
        'assignments.opens_at',
        'assignments.closes_at',
        'assignments.started_at',
        'assignments.closed_at',
        'assignments.created_at',
        'lessons.texts',
        'lessons.duration_seconds',
        'lessons.question_count',
        'lessons.current_version_id',
      ]);
  }

  private present(row: Row, locale: Locale): Assignment {
    const rules = rulesOf(row);
    const texts = JSON.parse(row.texts) as { title: Localized };
    return {
      id: row.id,
      code: row.code,
      title: pick(texts.title, locale),
      state: stateAt(row, rules, this.options.now()),
      rules,
      test_duration_seconds: Number(row.duration_seconds),
      question_count: Number(row.question_count),
      started_at: row.started_at === null ? null : Number(row.started_at),
      closed_at: row.closed_at === null ? null : Number(row.closed_at),
      created_at: Number(row.created_at),
    };
  }

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
    const rows = await this.select()
      .where('assignments.owner_id', '=', ownerId)
      .orderBy('assignments.created_at', 'desc')
      .orderBy('assignments.id')
      .execute();
    return rows.map((row) => this.present(row, locale));
  }

  async get(ownerId: string, id: string, locale: Locale): Promise<Assignment> {
    const row = await this.select()
      .where('assignments.id', '=', id)
      .where('assignments.owner_id', '=', ownerId)
      .executeTakeFirst();
    if (!row) throw notFoundById();
    return this.present(row, locale);
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
   * Closed now, unless it was already (a second close changes nothing). Attempts still running end
   * now: their deadline moves to this moment, so answers given before it still arrive from devices
   * without a connection (within the grace), and the sweep closes them after it.
   */
  async close(ownerId: string, id: string, locale: Locale): Promise<Assignment> {
    await this.get(ownerId, id, locale);
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
   * Lets a taker in, or says why not: only while the assignment is open; a students-only one to a
   * signed-in student; anyone else with a display name; a signed-in taker within the attempts
   * allowed. (A taker who is not signed in cannot be told from another by the server: their device
   * keeps them to the attempts allowed.) Their attempt ends no later than the assignment closes.
   */
  async admit(code: string, caller: UsersTable | null, displayName: string | undefined): Promise<AssignedStart> {
    const row = await this.select().where('assignments.code', '=', code).executeTakeFirst();
    if (!row) throw notFound();
    const rules = rulesOf(row);
    const state = stateAt(row, rules, this.options.now());
    if (state === 'closed') throw new HttpError(409, phrase('assignmentClosed'));
    if (state === 'scheduled') throw new HttpError(409, phrase('assignmentNotOpenYet'));
    if (state === 'lobby') throw new HttpError(409, phrase('assignmentWaitsForStart'));
    const name = takerName(rules, caller, displayName);
    if (caller) {
      const { count } = await this.db
        .selectFrom('online_sessions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('assignment_id', '=', row.id)
        .where('user_id', '=', caller.id)
        .executeTakeFirstOrThrow();
      if (Number(count) >= rules.attempts)
        throw new HttpError(409, phrase('noAttemptsLeft', { attempts: rules.attempts }));
    }
    const durationSeconds = rules.duration_seconds ?? Number(row.duration_seconds);
    // Started on the signal: everyone's time counts from that one server moment (those who arrive
    // later get the time left, unless the tutor gives them the full time).
    const countsFrom = rules.start === 'signal' && rules.late_start === 'time_left' ? Number(row.started_at) : null;
    if (countsFrom !== null && countsFrom + durationSeconds * 1000 <= this.options.now()) {
      throw new HttpError(409, phrase('assignmentTimeOver'));
    }
    return {
      lessonId: row.lesson_id,
      durationSeconds,
      userId: caller?.id ?? null,
      assignment: {
        id: row.id,
        displayName: name,
        shuffleQuestions: rules.shuffle_questions,
        shuffleOptions: rules.shuffle_options,
        endsBy: row.closes_at === null ? null : Number(row.closes_at),
        countsFrom,
      },
    };
  }

  /**
   * Every taker of the assignment now, or with `since` (an earlier answer's cursor) only those whose
   * progress, contact, deadline or status changed since (their sessions' `changed_at` stamps on
   * SQLite, the transactions that wrote their rows on PostgreSQL: monitor-takers.ts): a
   * class of 2,000 is half a megabyte of JSON, too much to build beside an exam's answers, or to
   * send over a school's Wi-Fi, every 1.5 s, when a few dozen takers changed. The takers come as the
   * database wrote them, JSON text (monitor-takers.ts). Read through `reads`: on SQLite a thread of
   * its own, so the exam's answers never wait behind the monitor.
   */
  async monitor(ownerId: string, id: string, since?: number): Promise<MonitorRead> {
    const now = this.options.now();
    // Every write the monitor shows stamps its session (an answer in the commit that stores it), so
    // the changed takers are the assignment's sessions written since; the stamp has no index, so
    // that writing it touches no index (migration 0018).
    const read = await monitorTakersJson(this.reads, this.options.dialect, { assignmentId: id, ownerId, since, now });
    if (!read) throw notFoundById();
    const state = stateAt(read.assignment, rulesOf(read.assignment), now);
    // Devices join the lobby only while it waits for the signal (lobby()), and leave it as they
    // start: in any other state nobody waits, and the class's exam is spared the query.
    const waiting =
      state === 'lobby'
        ? await this.db
            .selectFrom('assignment_lobby')
            .select(['name', 'arrived_at', 'seen_at'])
            .where('assignment_id', '=', id)
            .where('seen_at', '>', now - LOBBY_SEEN_MS)
            .orderBy('name')
            .orderBy('arrived_at')
            .execute()
        : [];
    return {
      monitor: {
        state,
        server_now: now,
        waiting: waiting.map((w) => ({ name: w.name, arrived_at: Number(w.arrived_at), seen_at: Number(w.seen_at) })),
        full: since === undefined,
        cursor: read.cursor ?? now - MONITOR_OVERLAP_MS,
      },
      takersJson: read.json,
    };
  }

  /**
   * A device waits in the lobby: it is shown on the monitor, and the answer comes once the signal is
   * given (or the assignment closes), or after LOBBY_HOLD_MS, when the device asks again.
   */
  async lobby(code: string, caller: UsersTable | null, request: LobbyRequest): Promise<LobbyReceipt> {
    const row = await this.select().where('assignments.code', '=', code).executeTakeFirst();
    if (!row) throw notFound();
    const rules = rulesOf(row);
    const name = takerName(rules, caller, request.display_name);
    let state = stateAt(row, rules, this.options.now());
    if (state === 'lobby') {
      const now = this.options.now();
      await this.db
        .insertInto('assignment_lobby')
        .values({
          assignment_id: row.id,
          waiter: request.waiter,
          name,
          user_id: caller?.id ?? null,
          arrived_at: now,
          seen_at: now,
        })
        .onConflict((c) => c.columns(['assignment_id', 'waiter']).doUpdateSet({ name, seen_at: now }))
        .execute();
      await this.waits.until(row.id, LOBBY_HOLD_MS);
      const after = await this.select().where('assignments.id', '=', row.id).executeTakeFirstOrThrow();
      state = stateAt(after, rules, this.options.now());
    }
    return {
      state,
      server_now: this.options.now(),
      opens_at: row.opens_at === null ? null : Number(row.opens_at),
    };
  }

  /** A device that started leaves the lobby. */
  async leaveLobby(assignmentId: string, waiter: string | undefined): Promise<void> {
    if (waiter === undefined) return;
    await this.db
      .deleteFrom('assignment_lobby')
      .where('assignment_id', '=', assignmentId)
      .where('waiter', '=', waiter)
      .execute();
  }

  /**
   * More time for one running attempt: its deadline moves, the change is recorded, and the taker's
   * device learns the new deadline on its next contact (heartbeat or answers).
   */
  async extraTime(
    owner: UsersTable,
    id: string,
    sessionUuid: string,
    minutes: number,
    locale: Locale,
  ): Promise<ExtraTimeReceipt> {
    await this.get(owner.id, id, locale);
    const session = await this.db
      .selectFrom('online_sessions')
      .select(['uuid', 'status', 'deadline'])
      .where('uuid', '=', sessionUuid)
      .where('assignment_id', '=', id)
      .executeTakeFirst();
    if (!session) throw new HttpError(404, phrase('attemptNotInAssignment'));
    if (session.status !== 'running') throw new HttpError(409, phrase('attemptAlreadyFinished'));
    const before = Number(session.deadline);
    const deadline = before + minutes * 60_000;
    const now = this.options.now();
    await this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('online_sessions')
        .set({ deadline, changed_at: now })
        .where('uuid', '=', sessionUuid)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new HttpError(409, phrase('attemptAlreadyFinished'));
      await trx
        .insertInto('assignment_changes')
        .values({
          id: randomUUID(),
          assignment_id: id,
          kind: 'extra_time',
          session_uuid: sessionUuid,
          detail: JSON.stringify({ minutes, old_deadline: before, new_deadline: deadline }),
          by_user: owner.id,
          at: now,
        })
        .execute();
    });
    this.options.deadlinesMoved?.([sessionUuid]);
    return { session: sessionUuid, deadline, server_now: now };
  }

  /** What the tutor changed after takers started, newest first. */
  async changes(ownerId: string, id: string, locale: Locale): Promise<AssignmentChange[]> {
    await this.get(ownerId, id, locale);
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

  /**
   * The assignments a signed-in user joined (the lobby) or took, newest first, with their own
   * attempts; scores only where the assignment's rules release them now.
   */
  async ofTaker(userId: string, locale: Locale): Promise<StudentAssignment[]> {
    const attempts = await this.db
      .selectFrom('online_sessions')
      .select(['assignment_id', 'uuid', 'status', 'started_at', 'finished_at', 'score', 'max_score'])
      .where('user_id', '=', userId)
      .where('assignment_id', 'is not', null)
      .orderBy('started_at')
      .execute();
    const joined = await this.db
      .selectFrom('assignment_lobby')
      .select('assignment_id')
      .where('user_id', '=', userId)
      .execute();
    const ids = [
      ...new Set([...attempts.map((a) => a.assignment_id as string), ...joined.map((j) => j.assignment_id)]),
    ];
    if (ids.length === 0) return [];
    const rows = await this.select()
      .where('assignments.id', 'in', ids)
      .orderBy('assignments.created_at', 'desc')
      .orderBy('assignments.id')
      .execute();
    const now = this.options.now();
    return rows.map((row) => {
      const rules = rulesOf(row);
      const state = stateAt(row, rules, now);
      const released = rules.release === 'immediately' || state === 'closed';
      const texts = JSON.parse(row.texts) as { title: Localized };
      return {
        code: row.code,
        title: pick(texts.title, locale),
        state,
        opens_at: row.opens_at === null ? null : Number(row.opens_at),
        closes_at: row.closes_at === null ? null : Number(row.closes_at),
        attempts_allowed: rules.attempts,
        released,
        attempts: attempts
          .filter((a) => a.assignment_id === row.id)
          .map((a) => ({
            session: a.uuid,
            status: a.status,
            started_at: Number(a.started_at),
            finished_at: a.finished_at === null ? null : Number(a.finished_at),
            score: released && a.status === 'finished' && a.score !== null ? Number(a.score) : null,
            max_score: Number(a.max_score),
          })),
      };
    });
  }

  async byCode(code: string, locale: Locale): Promise<PublicAssignment> {
    const row = await this.select().where('assignments.code', '=', code).executeTakeFirst();
    if (!row) throw notFound();
    const rules = rulesOf(row);
    const texts = JSON.parse(row.texts) as { title: Localized; description?: Localized };
    const now = this.options.now();
    return {
      code: row.code,
      title: pick(texts.title, locale),
      description: pick(texts.description, locale),
      state: stateAt(row, rules, now),
      duration_seconds: rules.duration_seconds ?? Number(row.duration_seconds),
      question_count: Number(row.question_count),
      opens_at: row.opens_at === null ? null : Number(row.opens_at),
      closes_at: row.closes_at === null ? null : Number(row.closes_at),
      attempts: rules.attempts,
      access: rules.access,
      review: rules.review,
      release: rules.release,
      start: rules.start,
      server_now: now,
      version: Number(row.current_version_id),
    };
  }
}

/**
 * Who a taker is to the tutor, or why they may not take it: a students-only assignment wants a
 * signed-in student (shown by their account's name); anyone else gives a display name.
 */
function takerName(rules: AssignmentRules, caller: UsersTable | null, displayName: string | undefined): string {
  if (rules.access === 'students' && caller?.role !== 'student') {
    throw new HttpError(caller ? 403 : 401, phrase('assignmentForStudents'));
  }
  const name = caller ? `${caller.firstname} ${caller.lastname}`.trim() : displayName?.trim();
  if (!name) {
    const said = phrase('displayNameNeeded');
    throw new HttpError(422, said, { display_name: [said] });
  }
  return name;
}
