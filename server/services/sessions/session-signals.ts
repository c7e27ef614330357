/**
 * An attempt's integrity signals (contract/signals.ts): taken from the device's outbox beside its
 * answers, never in their way (their own request, their own limit), and bounded: at most
 * SIGNAL_LIMITS.perSession kept per attempt, the rest counted as dropped so the device stops
 * sending them. A repeat of a stored signal's id is harmless. An offline period joins an outage
 * the attempt keeps (offline-periods.ts), taking no room of its own. Only an attempt whose assignment
 * collects signals keeps any; its monitor row learns of them through the session's change stamp.
 */
import type { Kysely } from 'kysely';
import {
  NO_SIGNALS,
  type SessionSignal,
  SIGNAL_LIMITS,
  type SignalCounts,
  type SignalItem,
  type SignalReceipt,
} from '../../../contract/signals.ts';
import type { Database, OnlineSessionsTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { type Phrase, phrase } from '../../i18n/messages.ts';
import type { LessonVersionStore } from '../catalog/lesson-versions.ts';
import { FUTURE_SLACK_MS } from './deadline-policy.ts';
import { joinOutages } from './offline-periods.ts';

/** A device's clock may have been wrong when it began: a signal that far before the start is still believed. */
const BEFORE_START_SLACK_MS = 60_000;

export class SessionSignals {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly versions: LessonVersionStore,
    private readonly now: () => number,
    /** PostgreSQL: batches of one attempt take its row's lock (SQLite runs one transaction at a time). */
    private readonly rowLocks: boolean,
  ) {}

  async take(session: OnlineSessionsTable, items: readonly SignalItem[]): Promise<SignalReceipt> {
    if (session.collect_signals !== 1) throw new HttpError(409, phrase('signalsNotCollected'));
    const now = this.now();
    // A paste names one of the attempt's own questions (those it drew, where its lesson has pools).
    const asked = (await this.versions.ofAttempt(session)).questionById;
    const errors: Record<string, Phrase[]> = {};
    items.forEach((item, index) => {
      if (item.at > now + FUTURE_SLACK_MS) errors[`signals.${index}.at`] = [phrase('answeredInFuture')];
      else if (item.at < Number(session.started_at) - BEFORE_START_SLACK_MS) {
        errors[`signals.${index}.at`] = [phrase('signalBeforeStart')];
      }
      if (item.question_id != null && !asked.has(item.question_id)) {
        errors[`signals.${index}.question_id`] = [phrase('noSuchQuestion')];
      }
    });
    if (Object.keys(errors).length > 0) throw new HttpError(422, phrase('signalsInvalid'), errors);

    const unique = [...new Map(items.map((item) => [item.signal_id, item])).values()];
    return this.db.transaction().execute(async (trx) => {
      // The attempt's row first: parallel batches then count and insert one after another, so the
      // bound holds and a signal sent twice at once is stored once.
      const { signal_count: kept } = await trx
        .selectFrom('online_sessions')
        .select('signal_count')
        .where('uuid', '=', session.uuid)
        .$if(this.rowLocks, (query) => query.forUpdate())
        .executeTakeFirstOrThrow();
      const known = new Set(
        (
          await trx
            .selectFrom('session_signals')
            .select('id')
            .where('session_uuid', '=', session.uuid)
            .where(
              'id',
              'in',
              unique.map((item) => item.signal_id),
            )
            .execute()
        ).map((row) => row.id),
      );
      const fresh = unique.filter((item) => !known.has(item.signal_id));
      const outages = await this.joinOutages(trx, session.uuid, fresh);
      const room = Math.max(0, SIGNAL_LIMITS.perSession - (Number(kept) - outages.absorbed.length));
      const stored = outages.rest.slice(0, room);
      if (stored.length > 0) {
        await trx
          .insertInto('session_signals')
          .values(
            stored.map((item) => ({
              session_uuid: session.uuid,
              id: item.signal_id,
              kind: item.kind,
              at: item.at,
              duration_ms: item.duration_ms ?? null,
              length: item.length ?? null,
              question_id: item.question_id ?? null,
              received_at: now,
            })),
          )
          .execute();
      }
      if (stored.length > 0 || outages.changed) {
        await trx
          .updateTable('online_sessions')
          .set((eb) => ({
            signal_count: eb('signal_count', '+', stored.length - outages.absorbed.length),
            changed_at: now,
          }))
          .where('uuid', '=', session.uuid)
          .execute();
      }
      return {
        stored: stored.length,
        duplicates: items.length - fresh.length,
        joined: fresh.length - outages.rest.length,
        dropped: outages.rest.length - stored.length,
        server_now: now,
      };
    });
  }

  /**
   * The batch's new signals with its offline ones joined to the outages the attempt keeps
   * (offline-periods.ts): kept periods grown, or absorbed into another, here; `rest` to store as rows.
   */
  private async joinOutages(trx: Kysely<Database>, uuid: string, fresh: readonly SignalItem[]) {
    const offline = fresh.filter((item) => item.kind === 'offline');
    if (offline.length === 0) return { rest: fresh, grown: [], absorbed: [], changed: false };
    const kept = await trx
      .selectFrom('session_signals')
      .select(['id', 'at', 'duration_ms'])
      .where('session_uuid', '=', uuid)
      .where('kind', '=', 'offline')
      .execute();
    const joined = joinOutages(
      kept.map((row) => ({ id: row.id, at: Number(row.at), duration_ms: Number(row.duration_ms ?? 0) })),
      offline,
    );
    for (const period of joined.grown) {
      await trx
        .updateTable('session_signals')
        .set({ at: period.at, duration_ms: period.duration_ms })
        .where('session_uuid', '=', uuid)
        .where('id', '=', period.id)
        .execute();
    }
    if (joined.absorbed.length > 0) {
      await trx
        .deleteFrom('session_signals')
        .where('session_uuid', '=', uuid)
        .where('id', 'in', joined.absorbed)
        .execute();
    }
    const starting = new Map(joined.fresh.map((item) => [item.signal_id, item]));
    const rest = fresh.flatMap((item) => (item.kind !== 'offline' ? [item] : (starting.get(item.signal_id) ?? [])));
    return { ...joined, rest, changed: joined.grown.length + joined.absorbed.length > 0 };
  }

  /** An attempt's signals in the order they happened. */
  async timeline(uuid: string): Promise<SessionSignal[]> {
    const rows = await this.db
      .selectFrom('session_signals')
      .select(['kind', 'at', 'duration_ms', 'length', 'question_id'])
      .where('session_uuid', '=', uuid)
      .orderBy('at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      kind: row.kind,
      at: Number(row.at),
      duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
      length: row.length === null ? null : Number(row.length),
      question_id: row.question_id,
    }));
  }

  /** Each attempt's count per kind (an attempt with none is absent). */
  async counts(assignmentId: string): Promise<Map<string, SignalCounts>> {
    const rows = await this.db
      .selectFrom('session_signals')
      .innerJoin('online_sessions', 'online_sessions.uuid', 'session_signals.session_uuid')
      .select((eb) => ['session_signals.session_uuid', 'session_signals.kind', eb.fn.countAll<number>().as('count')])
      .where('online_sessions.assignment_id', '=', assignmentId)
      .groupBy(['session_signals.session_uuid', 'session_signals.kind'])
      .execute();
    const counts = new Map<string, SignalCounts>();
    for (const row of rows) {
      const own = counts.get(row.session_uuid) ?? { ...NO_SIGNALS };
      own[row.kind] = Number(row.count);
      counts.set(row.session_uuid, own);
    }
    return counts;
  }
}
