/**
 * The tutor's monitor of one assignment: who waits in the lobby, and every taker's progress,
 * contact and unsent answers (or only those changed since the last read).
 */
import type { Kysely } from 'kysely';
import type { AssignmentMonitor } from '../../../contract/assignments.ts';
import type { Dialect } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { rulesOf, stateAt } from '../sessions/assignment-rules.ts';
import { notFoundById } from './assignment-rows.ts';
import { monitorTakersJson } from './monitor-takers.ts';

/** A monitor read: everything but the takers, and the takers as the database wrote them, JSON text. */
export interface MonitorRead {
  monitor: Omit<AssignmentMonitor, 'takers'>;
  takersJson: string;
}

/**
 * On SQLite, a monitor's cursor is a time and lies this far behind its read (on PostgreSQL it is
 * a transaction, exact: monitor-takers.ts): an answer's session is stamped with the
 * answer's arrival but committed a moment later (answer-group-commit.ts), other stamps are written a
 * moment after their time is taken, and processes on several machines differ by a little clock; a
 * write stamped just before a read yet stored after it is still sent by the next read.
 */
const MONITOR_OVERLAP_MS = 2_000;
/** The monitor shows a device in the lobby while it asked within this (it asks every 20 s at most). */
const LOBBY_SEEN_MS = 60_000;

export class AssignmentMonitorReads {
  constructor(
    private readonly db: Kysely<Database>,
    /** Where long reads go (database.ts `reads`): on SQLite a thread of its own. */
    private readonly reads: Kysely<Database>,
    private readonly options: { now: () => number; dialect: Dialect },
  ) {}

  /**
   * Every taker of the assignment now, or with `since` (an earlier answer's cursor) only those whose
   * progress, contact, deadline or status changed since (their sessions' `changed_at` stamps on
   * SQLite, the transactions that wrote their rows on PostgreSQL: monitor-takers.ts): a
   * class of 2,000 is half a megabyte of JSON, too much to build beside an exam's answers, or to
   * send over a school's Wi-Fi, every 1.5 s, when a few dozen takers changed. The takers come as the
   * database wrote them, JSON text (monitor-takers.ts). Read through `reads`: on SQLite a thread of
   * its own, so the exam's answers never wait behind the monitor.
   */
  async read(ownerId: string, id: string, since?: number): Promise<MonitorRead> {
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
}
