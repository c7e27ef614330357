/**
 * What a heartbeat brings an assigned attempt's device from the exam room (exam-room.ts): the
 * tutor's messages it has not yet said it showed, and whether everyone is paused. The heartbeat is
 * the hot path of an exam (every device, every 15 s), so an assignment's messages and pause are read
 * once per CACHE_MS for all its takers; a device's own acknowledgements are read only when there are
 * messages for it. A change in this process is seen at once; one made in another process within
 * CACHE_MS. A device that keeps answering sends no heartbeat (its answers say it is there), so
 * each answer batch carries the room's stamp (`stamp`) and a device that hears one its heartbeat did
 * not bring asks at once.
 */
import type { Kysely } from 'kysely';
import { roomStamp, type TakerMessage } from '../../../contract/online.ts';
import type { Database, OnlineSessionsTable } from '../../db/schema.ts';

const CACHE_MS = 2_000;

interface RoomState {
  paused_at: number | null;
  messages: { id: string; session_uuid: string | null; text: string; created_at: number }[];
}

/** The room's messages to one attempt: those to everyone and those to it. */
const messagesTo = (room: RoomState, session: string) =>
  room.messages.filter((m) => m.session_uuid === null || m.session_uuid === session);

export class TakerControls {
  private readonly cache = new Map<string, { at: number; state: Promise<RoomState> }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  /** An assignment's messages or pause changed here: its next heartbeat reads them again. */
  forget(assignmentId: string): void {
    this.cache.delete(assignmentId);
  }

  /**
   * Records the messages the device says it showed (only its own), then answers with those it has
   * not, and the pause; nothing for an attempt outside an assignment.
   */
  async of(
    session: Pick<OnlineSessionsTable, 'uuid' | 'assignment_id'>,
    seen: readonly string[] = [],
  ): Promise<{ messages?: TakerMessage[]; paused_at?: number; room?: string }> {
    if (session.assignment_id === null) return {};
    const room = await this.state(session.assignment_id);
    const mine = messagesTo(room, session.uuid);
    // The pause is said only while paused: a device that hears nothing of a pause runs its clock.
    const paused = {
      room: roomStamp(room.paused_at, mine.length),
      ...(room.paused_at === null ? {} : { paused_at: room.paused_at }),
    };
    if (mine.length === 0) return paused;
    const ids = new Set(mine.map((m) => m.id));
    const acknowledged = seen.filter((id) => ids.has(id));
    if (acknowledged.length)
      await this.db
        .insertInto('message_reads')
        .values(acknowledged.map((message_id) => ({ message_id, session_uuid: session.uuid, read_at: this.now() })))
        .onConflict((oc) => oc.columns(['message_id', 'session_uuid']).doNothing())
        .execute();
    const read = await this.db
      .selectFrom('message_reads')
      .select('message_id')
      .where('session_uuid', '=', session.uuid)
      .where('message_id', 'in', [...ids])
      .execute();
    const shown = new Set(read.map((r) => r.message_id));
    const messages = mine
      .filter((m) => !shown.has(m.id))
      .map((m) => ({ id: m.id, text: m.text, at: m.created_at, to_all: m.session_uuid === null }));
    return { ...paused, ...(messages.length ? { messages } : {}) };
  }

  /** The room's stamp for an attempt, from the assignment's kept state: no read of its own rows. */
  async stamp(session: Pick<OnlineSessionsTable, 'uuid' | 'assignment_id'>): Promise<string | undefined> {
    if (session.assignment_id === null) return undefined;
    const room = await this.state(session.assignment_id);
    const mine = messagesTo(room, session.uuid);
    return roomStamp(room.paused_at, mine.length);
  }

  private state(assignmentId: string): Promise<RoomState> {
    const now = this.now();
    const kept = this.cache.get(assignmentId);
    if (kept && now - kept.at < CACHE_MS && now >= kept.at) return kept.state;
    const state = this.read(assignmentId);
    this.cache.set(assignmentId, { at: now, state });
    // A failed read is not kept: the next heartbeat tries again.
    state.catch(() => this.cache.delete(assignmentId));
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value as string);
    return state;
  }

  private async read(assignmentId: string): Promise<RoomState> {
    const assignment = await this.db
      .selectFrom('assignments')
      .select('paused_at')
      .where('id', '=', assignmentId)
      .executeTakeFirst();
    const messages = await this.db
      .selectFrom('assignment_messages')
      .select(['id', 'session_uuid', 'text', 'created_at'])
      .where('assignment_id', '=', assignmentId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return {
      paused_at: assignment?.paused_at === null || assignment === undefined ? null : Number(assignment.paused_at),
      messages: messages.map((m) => ({ ...m, created_at: Number(m.created_at) })),
    };
  }
}
