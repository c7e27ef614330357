/**
 * Integrity signals (contract/signals.ts) kept in the outbox beside the answers: made while the
 * device may be offline, sent when it can (after the answers), each once by its own id.
 */
import type { SignalItem } from '../contract/signals.ts';
import type { ZalikOfflineDb } from './db.ts';

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
