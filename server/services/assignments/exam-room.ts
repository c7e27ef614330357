/**
 * Exam-room controls (contract/exam-room.ts): messages to every taker or to one, pausing and
 * resuming everyone, extra time for everyone with a reason. A message reaches a device with its
 * heartbeat, until the device says it showed it; the tutor sees, per taker, whether it did. A pause
 * stops no clock on the server: on resume every running attempt's deadline moves by the time it was
 * paused (from its start, for one started during the pause), and the sweep leaves a paused
 * assignment's attempts alone meanwhile. Both are logged, as is extra time for everyone.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MAX_MESSAGES_PER_ASSIGNMENT, type SendMessageRequest, type SentMessage } from '../../../contract/exam-room.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { inLockOrder } from '../sessions/lock-order.ts';
import { logChange, requireOwned } from './assignment-rows.ts';

/**
 * Whether a message of an attempt's assignment was written to that attempt: one to it alone, or one
 * to everyone while it was still running or before it began (the tutor's list and the data export).
 */
export function isMeantFor(
  message: { session_uuid: string | null; created_at: number },
  attempt: { uuid: string; finished_at: number | null },
): boolean {
  if (message.session_uuid) return message.session_uuid === attempt.uuid;
  return attempt.finished_at === null || Number(attempt.finished_at) >= Number(message.created_at);
}

export class ExamRoom {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: {
      now: () => number;
      /** Told of the attempts whose deadline moved (the sessions kept in memory learn it). */
      deadlinesMoved?: (uuids: string[]) => void;
      /** Told that an assignment's messages or pause changed (the heartbeats' cache). */
      changed?: (assignmentId: string) => void;
    },
  ) {}

  async send(owner: UsersTable, id: string, request: SendMessageRequest): Promise<SentMessage> {
    await requireOwned(this.db, owner.id, id);
    const now = this.options.now();
    const messageId = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      // The assignment's row first: two messages at once count one after the other (PostgreSQL).
      await trx.updateTable('assignments').set({ id }).where('id', '=', id).execute();
      const count = await trx
        .selectFrom('assignment_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('assignment_id', '=', id)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_MESSAGES_PER_ASSIGNMENT)
        throw new HttpError(409, phrase('tooManyMessages', { limit: MAX_MESSAGES_PER_ASSIGNMENT }));
      if (request.session) {
        const taker = await trx
          .selectFrom('online_sessions')
          .select('uuid')
          .where('uuid', '=', request.session)
          .where('assignment_id', '=', id)
          .executeTakeFirst();
        if (!taker) throw new HttpError(404, phrase('attemptNotInAssignment'));
      }
      await trx
        .insertInto('assignment_messages')
        .values({
          id: messageId,
          assignment_id: id,
          session_uuid: request.session ?? null,
          text: request.text,
          created_at: now,
        })
        .execute();
    });
    this.options.changed?.(id);
    return (await this.list(owner, id)).find((m) => m.id === messageId) as SentMessage;
  }

  /** Every message, newest first, each with the takers it is for and whether their device showed it. */
  async list(owner: UsersTable, id: string): Promise<SentMessage[]> {
    await requireOwned(this.db, owner.id, id);
    const messages = await this.db
      .selectFrom('assignment_messages')
      .selectAll()
      .where('assignment_id', '=', id)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    if (messages.length === 0) return [];
    const takers = await this.db
      .selectFrom('online_sessions')
      .select(['uuid', 'display_name', 'status', 'finished_at'])
      .where('assignment_id', '=', id)
      .orderBy('display_name')
      .orderBy('started_at')
      .execute();
    const reads = await this.db
      .selectFrom('message_reads')
      .innerJoin('assignment_messages', 'assignment_messages.id', 'message_reads.message_id')
      .select(['message_reads.message_id', 'message_reads.session_uuid', 'message_reads.read_at'])
      .where('assignment_messages.assignment_id', '=', id)
      .execute();
    const readAt = new Map(reads.map((r) => [`${r.message_id}/${r.session_uuid}`, Number(r.read_at)]));
    const name = (uuid: string) => takers.find((k) => k.uuid === uuid)?.display_name ?? '';
    return messages.map((m) => {
      const meant = takers.filter((k) => isMeantFor(m, k));
      return {
        id: m.id,
        text: m.text,
        at: Number(m.created_at),
        to: m.session_uuid ? { session: m.session_uuid, name: name(m.session_uuid) } : null,
        recipients: meant.map((k) => ({
          session: k.uuid,
          name: k.display_name ?? '',
          delivered_at: readAt.get(`${m.id}/${k.uuid}`) ?? null,
        })),
      };
    });
  }

  async pause(owner: UsersTable, id: string): Promise<void> {
    await requireOwned(this.db, owner.id, id);
    const now = this.options.now();
    const paused = await this.db
      .updateTable('assignments')
      .set({ paused_at: now })
      .where('id', '=', id)
      .where('paused_at', 'is', null)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (Number(paused.numUpdatedRows) === 0) throw new HttpError(409, phrase('cannotPause'));
    this.options.changed?.(id);
  }

  /** Ends the pause: every running attempt's deadline moves by the time it was paused. */
  async resume(owner: UsersTable, id: string): Promise<void> {
    await requireOwned(this.db, owner.id, id);
    const now = this.options.now();
    const moved = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('assignments')
        .select('paused_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (row.paused_at === null) throw new HttpError(409, phrase('notPaused'));
      const pausedAt = Number(row.paused_at);
      // Only the pause read here ends: of resumes sent at once, the others find it ended (PostgreSQL
      // reads the row again once the first commits) and move no deadline.
      const ended = await trx
        .updateTable('assignments')
        .set({ paused_at: null })
        .where('id', '=', id)
        .where('paused_at', '=', row.paused_at)
        .executeTakeFirst();
      if (Number(ended.numUpdatedRows) === 0) throw new HttpError(409, phrase('notPaused'));
      const running = await trx
        .selectFrom('online_sessions')
        .select(['uuid', 'started_at'])
        .where('assignment_id', '=', id)
        .where('status', '=', 'running')
        .execute();
      // In the one lock order (lock-order.ts), as every writer of many sessions.
      for (const s of [...running].sort((a, b) => inLockOrder(a.uuid, b.uuid))) {
        const shift = now - Math.max(pausedAt, Number(s.started_at));
        await trx
          .updateTable('online_sessions')
          .set((eb) => ({ deadline: eb('deadline', '+', shift), changed_at: now }))
          .where('uuid', '=', s.uuid)
          .where('status', '=', 'running')
          .execute();
      }
      await logChange(trx, {
        assignment_id: id,
        kind: 'pause',
        session_uuid: null,
        detail: { paused_at: pausedAt, resumed_at: now, attempts: running.length },
        by_user: owner.id,
        at: now,
      });
      return running.map((s) => s.uuid);
    });
    this.options.deadlinesMoved?.(moved);
    this.options.changed?.(id);
  }

  /** `minutes` more for every running attempt, logged with the reason. */
  async extraTimeForAll(owner: UsersTable, id: string, minutes: number, reason: string): Promise<number> {
    await requireOwned(this.db, owner.id, id);
    const now = this.options.now();
    const moved = await this.db.transaction().execute(async (trx) => {
      const running = await trx
        .selectFrom('online_sessions')
        .select('uuid')
        .where('assignment_id', '=', id)
        .where('status', '=', 'running')
        .execute();
      const uuids = running.map((s) => s.uuid).sort(inLockOrder);
      for (const uuid of uuids)
        await trx
          .updateTable('online_sessions')
          .set((eb) => ({ deadline: eb('deadline', '+', minutes * 60_000), changed_at: now }))
          .where('uuid', '=', uuid)
          .where('status', '=', 'running')
          .execute();
      await logChange(trx, {
        assignment_id: id,
        kind: 'extra_time',
        session_uuid: null,
        detail: { minutes, reason, attempts: uuids.length },
        by_user: owner.id,
        at: now,
      });
      return uuids;
    });
    this.options.deadlinesMoved?.(moved);
    return moved.length;
  }
}
