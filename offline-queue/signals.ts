/**
 * Integrity signals (contract/signals.ts) kept in the outbox beside the answers: made while the
 * device may be offline, sent when it can (after the answers), each once by its own id.
 */
import { isApiError } from '../api-client/api-error.ts';
import { SIGNAL_LIMITS, type SignalItem } from '../contract/signals.ts';
import type { AttemptRecord, OutboxEntry, ZalikOfflineDb } from './db.ts';
import { isFinal } from './final-status.ts';
import type { OutboxTransport } from './transport.ts';

export type SignalFields = Omit<SignalItem, 'signal_id'>;

export async function queueSignal(db: ZalikOfflineDb, session: string, fields: SignalFields): Promise<void> {
  const signal: SignalItem = { signal_id: crypto.randomUUID(), ...fields, at: Math.round(fields.at) };
  await db.outbox.add({
    session,
    kind: 'signal',
    answer_id: signal.signal_id,
    question_id: '',
    value: null,
    answered_at: signal.at,
    reason: null,
    state: 'queued',
    refusal: null,
    signal,
  });
}

/** The batch's positions a 422 names (`signals.<n>.<field>`): the signals the server refuses. */
function refusedPositions(fieldErrors: Readonly<Record<string, unknown>>, size: number): Set<number> {
  const named = Object.keys(fieldErrors).map((field) => /^signals\.(\d+)(?:\.|$)/.exec(field)?.[1]);
  return new Set(named.flatMap((n) => (n !== undefined && Number(n) < size ? [Number(n)] : [])));
}

/**
 * A batch of the session's queued signals. Whatever the server answers but a failure to reach it
 * ends them here: kept, repeated or dropped beyond the attempt's bound, or refused for good (an
 * assignment that does not collect them). A batch refused for some of its signals (a 422 naming
 * them) lets those go and sends the others again, so one bad signal costs no good one. A signal is
 * what was noticed, not the taker's work: never shown as refused.
 */
export async function sendSignals(
  db: ZalikOfflineDb,
  transport: OutboxTransport,
  attempt: AttemptRecord,
  queued: OutboxEntry[],
): Promise<'done' | 'retry'> {
  const taken = queued.filter((entry) => entry.kind === 'signal').slice(0, SIGNAL_LIMITS.batch);
  let batch = taken.filter((entry) => entry.signal);
  while (batch.length > 0) {
    try {
      await transport.postSignals(
        attempt.uuid,
        attempt.api_token,
        batch.map((entry) => entry.signal as SignalItem),
      );
    } catch (error) {
      if (!(isApiError(error) && error.kind === 'http' && isFinal(error.status))) return 'retry';
      const refused = error.status === 422 ? refusedPositions(error.fieldErrors, batch.length) : new Set<number>();
      if (refused.size > 0 && refused.size < batch.length) {
        // Let go at once: a connection lost before the rest is sent must not bring them back.
        await db.outbox.bulkDelete(batch.filter((_, at) => refused.has(at)).map((entry) => entry.seq as number));
        batch = batch.filter((_, at) => !refused.has(at));
        continue;
      }
      console.warn('The server would not keep these signals', error);
    }
    break;
  }
  // Kept, repeated, dropped or refused: every signal taken is done with.
  await db.outbox.bulkDelete(taken.map((entry) => entry.seq as number));
  return 'done';
}
