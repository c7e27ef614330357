/**
 * An assignment as its takers meet it: what anyone with its code may learn of it, the lobby where
 * they wait for the signal, letting each one in (or saying why not), and a signed-in student's own
 * assignments.
 */
import type { Kysely } from 'kysely';
import type { Accommodation } from '../../../contract/accommodations.ts';
import {
  type AssignmentRules,
  LOBBY_HOLD_MS,
  type LobbyReceipt,
  type LobbyRequest,
  type PublicAssignment,
  type StudentAssignment,
} from '../../../contract/assignments.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { type Localized, pick } from '../catalog/localize.ts';
import { accommodatedDeadline } from '../sessions/accommodated-time.ts';
import { rulesOf, stateAt } from '../sessions/assignment-rules.ts';
import type { AssignedStart } from '../sessions/session-types.ts';
import { notFoundByCode, selectAssignments } from './assignment-rows.ts';
import type { LobbyWaits } from './lobby-waits.ts';

export class AssignmentTakers {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly waits: LobbyWaits,
    private readonly options: {
      now: () => number;
      /** The standing accommodation a tutor keeps for a signed-in taker (accommodations.ts). */
      accommodationOf?: (ownerId: string, taker: UsersTable) => Promise<Accommodation | null>;
    },
  ) {}

  /**
   * Lets a taker in, or says why not: only while the assignment is open; a students-only one to a
   * signed-in student; anyone else with a display name; a signed-in taker within the attempts
   * allowed. (A taker who is not signed in cannot be told from another by the server: their device
   * keeps them to the attempts allowed.) Their attempt ends no later than the assignment closes.
   */
  async admit(code: string, caller: UsersTable | null, displayName: string | undefined): Promise<AssignedStart> {
    const row = await selectAssignments(this.db).where('assignments.code', '=', code).executeTakeFirst();
    if (!row) throw notFoundByCode();
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
    const accommodation =
      caller && rules.accommodations !== false
        ? ((await this.options.accommodationOf?.(row.owner_id, caller)) ?? null)
        : null;
    const endsBy = row.closes_at === null ? null : Number(row.closes_at);
    if (
      countsFrom !== null &&
      accommodatedDeadline({ countsFrom, baseMs: durationSeconds * 1000, endsBy: null }, accommodation) <=
        this.options.now()
    ) {
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
        collectSignals: rules.collect_signals ?? false,
        endsBy,
        countsFrom,
        accommodation,
        readAloud: rules.read_aloud !== false || accommodation?.read_aloud === true,
      },
    };
  }

  /**
   * A device waits in the lobby: it is shown on the monitor, and the answer comes once the signal is
   * given (or the assignment closes), or after LOBBY_HOLD_MS, when the device asks again.
   */
  async lobby(code: string, caller: UsersTable | null, request: LobbyRequest): Promise<LobbyReceipt> {
    const row = await selectAssignments(this.db).where('assignments.code', '=', code).executeTakeFirst();
    if (!row) throw notFoundByCode();
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
      const after = await selectAssignments(this.db).where('assignments.id', '=', row.id).executeTakeFirstOrThrow();
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
   * The assignments a signed-in user joined (the lobby) or took, newest first, with their own
   * attempts; scores only where the assignment's rules release them now.
   */
  async ofTaker(userId: string, locale: Locale): Promise<StudentAssignment[]> {
    const attempts = await this.db
      .selectFrom('online_sessions')
      .select(['assignment_id', 'uuid', 'status', 'started_at', 'finished_at', 'score', 'max_score', 'awaiting_marks'])
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
    const rows = await selectAssignments(this.db)
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
            ...(Number(a.awaiting_marks) > 0 ? { awaiting_marks: Number(a.awaiting_marks) } : {}),
          })),
      };
    });
  }

  async byCode(code: string, locale: Locale): Promise<PublicAssignment> {
    const row = await selectAssignments(this.db).where('assignments.code', '=', code).executeTakeFirst();
    if (!row) throw notFoundByCode();
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
      collects_signals: rules.collect_signals ?? false,
      accommodations: rules.accommodations !== false,
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
