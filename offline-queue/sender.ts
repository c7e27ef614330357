import { isApiError } from '../api-client/api-error.ts';
import { type AnswerItem, MAX_ANSWER_BATCH, MAX_ANSWER_BATCH_BYTES } from '../contract/online.ts';
import type { AttemptRecord, OutboxEntry, ZalikOfflineDb } from './db.ts';
import { isFinal } from './final-status.ts';
import { sendSignals } from './signals.ts';
import type { OutboxTransport } from './transport.ts';

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 60_000;
/**
 * The cap while a test of this device's is still open (running, or its finish queued): a server
 * that restarts mid-exam is back in seconds, and nothing else tells a device so (the browser's
 * `online` event only follows its own network), so answers must not wait out a minute's backoff.
 * With the jitter a class still spreads its retries over 4 to 8 s.
 */
export const BACKOFF_OPEN_TEST_MAX_MS = 8_000;

/**
 * Exponential backoff with "equal jitter": between half and all of base·2^n (capped), so that
 * a classroom of devices coming back online together does not retry in lockstep.
 */
export function backoffDelay(failures: number, random: () => number, capMs = BACKOFF_MAX_MS): number {
  const cap = Math.min(capMs, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return cap / 2 + random() * (cap / 2);
}

export interface SenderEvents {
  /** Entries of this session changed (sent, refused, finished). */
  onChange?(session: string): void;
  /** A server time arrived; `sentAt` is the monotonic time the request left. */
  onServerTime?(session: string, serverNow: number, sentAt: number): void;
  /** The server said the session's deadline (a tutor may have given extra time). */
  onDeadline?(session: string, deadline: number): void;
  /** An answer batch brought the exam room's stamp for the session (taker-controls.ts on the server). */
  onRoom?(session: string, stamp: string): void;
}

export interface SenderOptions extends SenderEvents {
  db: ZalikOfflineDb;
  transport: OutboxTransport;
  random?: () => number;
  monotonic?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** Serializes drains between the page and the service worker (Web Locks), where there is one. */
  exclusive?: <T>(run: () => Promise<T>) => Promise<T>;
}

export type DrainOutcome = 'done' | 'retry';

export interface OutboxSender {
  /** Sends everything queued, in order, session by session. Resolves when this round is over. */
  drain(): Promise<DrainOutcome>;
  /** Drains now (a reconnect, a new answer); any call cancels a pending backoff timer. */
  kick(): Promise<DrainOutcome>;
  /** Consecutive failed rounds; the next retry waits `backoffDelay(failures)`. */
  readonly failures: number;
  stop(): void;
}

export function createOutboxSender(options: SenderOptions): OutboxSender {
  const { db, transport } = options;
  const random = options.random ?? Math.random;
  const monotonic = options.monotonic ?? (() => performance.now());
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const exclusive = options.exclusive ?? ((run) => run());
  const changed = (session: string) => options.onChange?.(session);

  let running: Promise<DrainOutcome> | null = null;
  let again = false;
  let failures = 0;
  let timer: unknown = null;
  let stopped = false;

  const refuse = async (session: string, entries: OutboxEntry[], reason: string) => {
    await db.outbox.bulkUpdate(
      entries.map((entry) => ({ key: entry.seq as number, changes: { state: 'refused' as const, refusal: reason } })),
    );
    changed(session);
  };

  /** A request-level failure: retry later, or refuse what it carried when asking again cannot help. */
  const failed = async (session: string, entries: OutboxEntry[], error: unknown): Promise<DrainOutcome> => {
    if (isApiError(error) && error.kind === 'http' && isFinal(error.status)) {
      await refuse(session, entries, error.message);
      return 'done';
    }
    // No answer at all is the ordinary offline case; anything else is worth a line in the console.
    if (!isApiError(error) || error.kind !== 'network') console.error('The outbox could not send', error);
    return 'retry';
  };

  /** Whether the last round left answers of an open test unsent: the next one comes sooner. */
  let openTestWaiting = false;

  async function drainSession(session: string): Promise<DrainOutcome> {
    const attempt = await db.attempts.get(session);
    const outcome = await sendSession(session, attempt);
    if (outcome === 'retry' && attempt && attempt.phase !== 'finished') openTestWaiting = true;
    return outcome;
  }

  async function sendSession(session: string, attempt: AttemptRecord | undefined): Promise<DrainOutcome> {
    for (;;) {
      const queued = await db.outbox
        .where('session')
        .equals(session)
        .filter((entry) => entry.state === 'queued')
        .sortBy('seq');
      // Answers and the finish in their order; signals once none is left, so none ever waits on one.
      const writes = queued.filter((entry) => entry.kind !== 'signal');
      const first = writes[0];
      if (!attempt) {
        await db.outbox.bulkDelete(
          queued.filter((entry) => entry.kind === 'signal').map((entry) => entry.seq as number),
        );
        if (first) await refuse(session, writes, 'This test is no longer stored on this device');
        return 'done';
      }
      if (!first) {
        if (queued.length === 0) return 'done';
        if ((await sendSignals(db, transport, attempt, queued)) === 'retry') return 'retry';
        changed(session);
        continue;
      }

      if (first.kind === 'finish') {
        const sentAt = monotonic();
        try {
          const receipt = await transport.postFinish(
            session,
            attempt.api_token,
            first.reason ?? 'manual',
            first.locale,
          );
          options.onServerTime?.(session, receipt.server_now, sentAt);
        } catch (error) {
          if ((await failed(session, [first], error)) === 'retry') return 'retry';
          continue;
        }
        await db.transaction('rw', db.outbox, db.attempts, async () => {
          await db.outbox.delete(first.seq as number);
          await db.attempts.update(session, { phase: 'finished' });
        });
        changed(session);
        continue;
      }

      // One request speaks one language: a batch ends where the taker switched to another.
      // A batch also ends before its answers pass MAX_ANSWER_BATCH_BYTES (essays); one answer always goes.
      const batch: OutboxEntry[] = [];
      let bytes = 0;
      for (const entry of writes) {
        if (entry.kind !== 'answer' || batch.length === MAX_ANSWER_BATCH || entry.locale !== first.locale) break;
        bytes += answerBytes(entry.value);
        if (batch.length > 0 && bytes > MAX_ANSWER_BATCH_BYTES) break;
        batch.push(entry);
      }
      const items: AnswerItem[] = batch.map((entry) => ({
        answer_id: entry.answer_id,
        question_id: entry.question_id,
        value: entry.value ?? '',
        answered_at: entry.answered_at,
      }));
      // The tutor's monitor learns how many answers the device still holds beyond this batch.
      const unsent = queued.filter((entry) => entry.kind === 'answer').length - batch.length;
      const sentAt = monotonic();
      let receipt: Awaited<ReturnType<OutboxTransport['postAnswers']>>;
      try {
        receipt = await transport.postAnswers(session, attempt.api_token, items, first.locale, unsent);
      } catch (error) {
        if ((await failed(session, batch, error)) === 'retry') return 'retry';
        continue;
      }
      options.onServerTime?.(session, receipt.server_now, sentAt);
      if (receipt.deadline !== undefined) options.onDeadline?.(session, receipt.deadline);
      if (receipt.room !== undefined) options.onRoom?.(session, receipt.room);

      const byId = new Map(batch.map((entry) => [entry.answer_id, entry]));
      const done: number[] = [];
      const refused: { key: number; changes: Partial<OutboxEntry> }[] = [];
      let retry = false;
      for (const result of receipt.results) {
        const entry = result.answer_id === null ? undefined : byId.get(result.answer_id);
        if (!entry) continue;
        byId.delete(entry.answer_id);
        if (result.status < 300) done.push(entry.seq as number);
        else if (isFinal(result.status)) {
          const detail = Object.values(result.errors ?? {}).flat()[0];
          const refusal = [result.message, detail].filter(Boolean).join(': ') || `HTTP ${result.status}`;
          refused.push({ key: entry.seq as number, changes: { state: 'refused', refusal } });
        } else retry = true;
      }
      // An answer the server did not mention is sent again next round (its id makes a repeat harmless).
      if (byId.size > 0) retry = true;
      await db.transaction('rw', db.outbox, async () => {
        await db.outbox.bulkDelete(done);
        await db.outbox.bulkUpdate(refused);
      });
      changed(session);
      if (retry) return 'retry';
    }
  }

  async function drainOnce(): Promise<DrainOutcome> {
    const queued = await db.outbox.filter((entry) => entry.state === 'queued').sortBy('seq');
    const sessions = [...new Set(queued.map((entry) => entry.session))];
    let outcome: DrainOutcome = 'done';
    openTestWaiting = false;
    // One session that cannot be sent does not hold back the others.
    for (const session of sessions) if ((await drainSession(session)) === 'retry') outcome = 'retry';
    return outcome;
  }

  function schedule(outcome: DrainOutcome) {
    if (outcome === 'done') {
      failures = 0;
      return;
    }
    failures += 1;
    if (stopped) return;
    timer = setTimer(
      () => {
        timer = null;
        void drain();
      },
      backoffDelay(failures, random, openTestWaiting ? BACKOFF_OPEN_TEST_MAX_MS : BACKOFF_MAX_MS),
    );
  }

  function drain(): Promise<DrainOutcome> {
    if (timer !== null) {
      clearTimer(timer);
      timer = null;
    }
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let outcome: DrainOutcome = 'done';
      try {
        do {
          again = false;
          outcome = await exclusive(drainOnce);
        } while (again && !stopped);
      } catch (error) {
        console.error('The outbox could not be read', error);
        outcome = 'retry';
      } finally {
        running = null;
      }
      schedule(outcome);
      return outcome;
    })();
    return running;
  }

  return {
    drain,
    kick: () => drain(),
    get failures() {
      return failures;
    },
    stop() {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}

const utf8 = new TextEncoder();
/** An answer's size in a request, near enough: its value as JSON in UTF-8, and its other fields. */
function answerBytes(value: unknown): number {
  const json = JSON.stringify(value ?? '');
  // Most values are short: counting their characters three times over is bound enough.
  return (json.length * 3 < 4096 ? json.length * 3 : utf8.encode(json).length) + 160;
}
