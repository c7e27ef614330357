/**
 * A tutor's standing accommodations (contract/accommodations.ts): kept per student, looked up when
 * one of the tutor's assignments lets a taker in, and carried to the student's running attempts
 * when changed (accommodation-retime.ts). Each belongs to its tutor; another tutor's reads as not
 * found.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type Accommodation,
  type AccommodationCandidate,
  type AccommodationList,
  type AccommodationReceipt,
  MAX_ACCOMMODATIONS_PER_TUTOR,
  type SaveAccommodationRequest,
  type StandingAccommodation,
} from '../../../contract/accommodations.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import type { AccommodationsTable } from '../../db/schema-accommodations.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { emailKey } from '../accounts/accounts.ts';
import { AccommodationRetime, type AccommodationRetimeOptions } from './accommodation-retime.ts';

/** The most takers the list offers to choose from (a tutor with more names one by e-mail). */
const CANDIDATES_MAX = 2000;

type Taker = Pick<UsersTable, 'id' | 'email_key' | 'email_verified_at'>;

export class Accommodations {
  private readonly retime: AccommodationRetime;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: AccommodationRetimeOptions,
  ) {
    this.retime = new AccommodationRetime(db, options, (ownerId, taker) => this.forTaker(ownerId, taker));
  }

  /**
   * The accommodation a tutor keeps for a taker: theirs by account first, else by an address they
   * confirmed (one they only typed could be anyone's); none for a taker who is not signed in.
   */
  async forTaker(ownerId: string, taker: Taker | null): Promise<Accommodation | null> {
    if (!taker) return null;
    const rows = await this.db
      .selectFrom('accommodations')
      .select(['detail', 'user_id'])
      .where('owner_id', '=', ownerId)
      .where((eb) => {
        const byAccount = eb('user_id', '=', taker.id);
        return taker.email_verified_at === null ? byAccount : eb.or([byAccount, eb('email_key', '=', taker.email_key)]);
      })
      .orderBy('updated_at', 'desc')
      .execute();
    const chosen = rows.find((row) => row.user_id === taker.id) ?? rows[0];
    return chosen ? (JSON.parse(chosen.detail) as Accommodation) : null;
  }

  /** The tutor's accommodations, and the signed-in students who took their tests, by name. */
  async list(ownerId: string): Promise<AccommodationList> {
    const students = await this.candidates(ownerId);
    const names = new Map(students.map((s) => [s.user_id, s.name]));
    const rows = await this.db
      .selectFrom('accommodations')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .execute();
    return { accommodations: rows.map((row) => present(row, names)), students };
  }

  /**
   * Kept for one student, replacing what was kept for them: one of the tutor's takers (any other
   * account reads as not found, so a tutor learns nothing of accounts), or an address. The
   * student's running attempts in the tutor's assignments take it at once.
   */
  async save(owner: UsersTable, request: SaveAccommodationRequest): Promise<AccommodationReceipt> {
    // A student chosen by account must be one of the tutor's takers (and is shown by name); one
    // named by address needs neither, nor the read of every taker.
    const students = request.user_id === undefined ? [] : await this.candidates(owner.id);
    const names = new Map(students.map((s) => [s.user_id, s.name]));
    if (request.user_id !== undefined && !names.has(request.user_id)) {
      const said = phrase('notOneOfYourTakers');
      throw new HttpError(404, said, { user_id: [said] });
    }
    const now = this.options.now();
    const detail = JSON.stringify(request.accommodation);
    const key = request.email === undefined ? null : emailKey(request.email);
    const values: AccommodationsTable = {
      id: randomUUID(),
      owner_id: owner.id,
      user_id: request.user_id ?? null,
      email: request.email?.trim() ?? null,
      email_key: key,
      detail,
      created_at: now,
      updated_at: now,
    };
    const columns =
      request.user_id !== undefined ? (['owner_id', 'user_id'] as const) : (['owner_id', 'email_key'] as const);
    await this.db.transaction().execute(async (trx) => {
      // One tutor's saves one after another (the owner's row locked on PostgreSQL; SQLite writes one
      // at a time): the count below then holds for saves that arrive together.
      if (this.options.rowLocks) {
        await trx.selectFrom('users').select('id').where('id', '=', owner.id).forUpdate().execute();
      }
      await ensureRoom(trx, owner.id, request.user_id ?? null, key);
      await trx
        .insertInto('accommodations')
        .values(values)
        .onConflict((c) => c.columns([...columns]).doUpdateSet({ detail, email: values.email, updated_at: now }))
        .execute();
    });
    const saved = await this.db
      .selectFrom('accommodations')
      .selectAll()
      .where('owner_id', '=', owner.id)
      .where(request.user_id !== undefined ? 'user_id' : 'email_key', '=', request.user_id ?? key)
      .executeTakeFirstOrThrow();
    const attempts = await this.retime.runningOf(owner, saved);
    return { saved: present(saved, names), attempts_changed: attempts };
  }

  /** No longer kept: the student's running attempts go back to what applies without it. */
  async remove(owner: UsersTable, id: string): Promise<{ attempts_changed: number }> {
    const row = await this.db
      .selectFrom('accommodations')
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', '=', owner.id)
      .executeTakeFirst();
    if (!row) throw new HttpError(404, phrase('noSuchAccommodation'));
    await this.db.deleteFrom('accommodations').where('id', '=', id).execute();
    return { attempts_changed: await this.retime.runningOf(owner, row) };
  }

  /** Signed-in students who took one of the tutor's assignments (not previews), by name. */
  private async candidates(ownerId: string): Promise<AccommodationCandidate[]> {
    const rows = await this.db
      .selectFrom('users')
      .select(['users.id', 'users.firstname', 'users.lastname'])
      .where('users.role', '=', 'student')
      .where('users.id', 'in', (eb) =>
        eb
          .selectFrom('online_sessions')
          .innerJoin('assignments', 'assignments.id', 'online_sessions.assignment_id')
          .select('online_sessions.user_id')
          .where('assignments.owner_id', '=', ownerId)
          .where('online_sessions.user_id', 'is not', null)
          .$narrowType<{ user_id: string }>(),
      )
      .orderBy('users.lastname')
      .orderBy('users.firstname')
      .orderBy('users.id')
      .limit(CANDIDATES_MAX)
      .execute();
    return rows.map((row) => ({ user_id: row.id, name: `${row.firstname} ${row.lastname}`.trim() }));
  }
}

/** A new student's accommodation needs room under the tutor's limit; replacing one always has it. */
async function ensureRoom(db: Kysely<Database>, ownerId: string, userId: string | null, emailKey: string | null) {
  const same = await db
    .selectFrom('accommodations')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where(userId !== null ? 'user_id' : 'email_key', '=', userId ?? emailKey)
    .executeTakeFirst();
  if (same) return;
  const { count } = await db
    .selectFrom('accommodations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_ACCOMMODATIONS_PER_TUTOR) {
    throw new HttpError(409, phrase('tooManyAccommodations', { limit: MAX_ACCOMMODATIONS_PER_TUTOR }));
  }
}

function present(row: AccommodationsTable, names: Map<string, string>): StandingAccommodation {
  return {
    id: row.id,
    user_id: row.user_id,
    name: row.user_id === null ? null : (names.get(row.user_id) ?? null),
    email: row.email,
    accommodation: JSON.parse(row.detail) as Accommodation,
    updated_at: Number(row.updated_at),
  };
}
