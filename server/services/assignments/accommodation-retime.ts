/**
 * A standing accommodation changed mid-test: each running attempt of the student in the tutor's
 * assignments that apply accommodations gets its deadline again by the start's own rule
 * (accommodated-time.ts), with the extra time the tutor gave it on top, and never before now; the
 * change is logged with the deadline before and after, and the device learns it on its next contact.
 */
import type { Kysely } from 'kysely';
import type { Accommodation } from '../../../contract/accommodations.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import type { AccommodationsTable } from '../../db/schema-accommodations.ts';
import { accommodatedDeadline } from '../sessions/accommodated-time.ts';
import { rulesOf } from '../sessions/assignment-rules.ts';
import { logChange } from './assignment-rows.ts';

export interface AccommodationRetimeOptions {
  now: () => number;
  /** PostgreSQL: a tutor's saves lock the tutor's row, so that their limit holds for saves side by side. */
  rowLocks?: boolean;
  /** Sessions whose deadline moved: whatever keeps them in memory reads them again. */
  deadlinesMoved?: (sessions: readonly string[]) => void;
}

type Taker = Pick<UsersTable, 'id' | 'email_key' | 'email_verified_at'>;
type Lookup = (ownerId: string, taker: Taker) => Promise<Accommodation | null>;

export class AccommodationRetime {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: AccommodationRetimeOptions,
    /** What applies to a taker now (after the change was written). */
    private readonly lookup: Lookup,
  ) {}

  /** The running attempts of whoever `row` names, given what applies to them now; how many changed. */
  async runningOf(owner: UsersTable, row: AccommodationsTable): Promise<number> {
    let takers = this.db.selectFrom('users').select(['id', 'email_key', 'email_verified_at']);
    takers =
      row.user_id !== null
        ? takers.where('id', '=', row.user_id)
        : takers.where('email_key', '=', row.email_key ?? '').where('email_verified_at', 'is not', null);
    const moved: string[] = [];
    for (const taker of await takers.execute()) {
      const accommodation = await this.lookup(owner.id, taker);
      for (const session of await this.running(owner.id, taker.id)) {
        if (await this.apply(owner, session, accommodation)) moved.push(session.uuid);
      }
    }
    if (moved.length > 0) this.options.deadlinesMoved?.(moved);
    return moved.length;
  }

  private running(ownerId: string, userId: string) {
    return this.db
      .selectFrom('online_sessions')
      .innerJoin('assignments', 'assignments.id', 'online_sessions.assignment_id')
      .select([
        'online_sessions.uuid',
        'online_sessions.deadline',
        'online_sessions.accommodation',
        'online_sessions.counts_from',
        'online_sessions.base_ms',
        'online_sessions.read_aloud',
        'assignments.id as assignment_id',
        'assignments.rules',
        'assignments.closes_at',
      ])
      .where('assignments.owner_id', '=', ownerId)
      .where('assignments.closed_at', 'is', null)
      .where('online_sessions.user_id', '=', userId)
      .where('online_sessions.status', '=', 'running')
      .where('online_sessions.counts_from', 'is not', null)
      .where('online_sessions.base_ms', 'is not', null)
      .orderBy('online_sessions.uuid')
      .execute();
  }

  private async apply(
    owner: UsersTable,
    session: Awaited<ReturnType<AccommodationRetime['running']>>[number],
    accommodation: Accommodation | null,
  ): Promise<boolean> {
    const rules = rulesOf(session);
    if (rules.accommodations === false) return false;
    const now = this.options.now();
    return this.db.transaction().execute(async (trx) => {
      const extras = await trx
        .selectFrom('assignment_changes')
        .select('detail')
        .where('session_uuid', '=', session.uuid)
        .where('kind', '=', 'extra_time')
        .execute();
      const extraMs = extras.reduce((sum, change) => sum + (JSON.parse(change.detail).minutes ?? 0) * 60_000, 0);
      const timing = {
        countsFrom: Number(session.counts_from),
        baseMs: Number(session.base_ms),
        endsBy: session.closes_at === null ? null : Number(session.closes_at),
      };
      const deadline = Math.max(now, accommodatedDeadline(timing, accommodation, extraMs));
      const json = accommodation ? JSON.stringify(accommodation) : null;
      const readAloud = rules.read_aloud !== false || accommodation?.read_aloud === true ? 1 : 0;
      const before = Number(session.deadline);
      if (deadline === before && json === session.accommodation && readAloud === Number(session.read_aloud)) {
        return false;
      }
      const updated = await trx
        .updateTable('online_sessions')
        .set({ deadline, accommodation: json, read_aloud: readAloud, changed_at: now })
        .where('uuid', '=', session.uuid)
        .where('status', '=', 'running')
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await logChange(trx, {
        assignment_id: session.assignment_id,
        kind: 'accommodation',
        session_uuid: session.uuid,
        detail: {
          before: session.accommodation === null ? null : JSON.parse(session.accommodation),
          after: accommodation,
          old_deadline: before,
          new_deadline: deadline,
        },
        by_user: owner.id,
        at: now,
      });
      return true;
    });
  }
}
