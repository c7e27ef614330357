/**
 * The test's own database in IndexedDB: what must survive a reload, a closed tab or a lost
 * connection. Used by the page and by the service worker (Background Sync), so it imports no React.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { Locale } from '../contract/locale.ts';
import type { AnswerValue, OnlineSession, TakerBlock } from '../contract/online.ts';
import type { SignalItem } from '../contract/signals.ts';

export type FinishCause = 'manual' | 'timeout';

/**
 * One write waiting for the server: an answer, the session's finish (always after its answers), or
 * an integrity signal (sent after the answers and the finish, so it never holds one up).
 */
export interface OutboxEntry {
  /** Auto-increment: the order entries were made in, which is the order they are sent in. */
  seq?: number;
  session: string;
  kind: 'answer' | 'finish' | 'signal';
  answer_id: string;
  /** '' for a finish. */
  question_id: string;
  value: AnswerValue | null;
  /** Server epoch ms (the device's estimate) when the taker answered or finished. */
  answered_at: number;
  reason: FinishCause | null;
  /** queued: still to send; refused: the server said no (409/422/401) and will keep saying it. */
  state: 'queued' | 'refused';
  refusal: string | null;
  /**
   * The interface language the taker used when making it: sent as `application-language`, so that a
   * refusal (time is up, already finished) comes back in that language even when the service worker
   * sends it with no page open. Not indexed, so no schema change; entries queued before it was kept
   * have none and are sent without it (the server then answers in English).
   */
  locale?: Locale;
  /** A signal entry's signal, as it is sent (its id is `answer_id` too). */
  signal?: SignalItem;
}

/** A running (or finishing) attempt, enough to resume it with no connection at all. */
export interface AttemptRecord {
  uuid: string;
  api_token: string;
  slug: string;
  role: 'student' | 'tutor';
  /** The session as the server last described it (deadline, blocks, lesson). */
  session: OnlineSession;
  blocks: TakerBlock[] | null;
  blocksLocale: string | null;
  /**
   * The taker's answers, newest value per question: the server's as last fetched here, overlaid on
   * load with the `answers` table (written on each click, kept apart so a click never rewrites this
   * whole record with its blocks).
   */
  answers: Record<string, AnswerValue>;
  currentBlock: string | null;
  /** `server time − Date.now()` as last measured (kept current while the page runs). */
  offsetMs: number;
  /** The latest server time this device knew: a floor, so moving the device clock back gains nothing. */
  lastServerNow: number;
  /** running → finishing (finish queued) → finished (the server confirmed it). */
  phase: 'running' | 'finishing' | 'finished';
  finishReason: FinishCause | null;
}

/** The newest answer given on this device to one question. */
export interface LocalAnswer {
  session: string;
  question_id: string;
  value: AnswerValue;
}

/** The clock of a running attempt, rewritten every few seconds: a small record of its own. */
export interface StoredClockRecord {
  uuid: string;
  offsetMs: number;
  lastServerNow: number;
}

export type ZalikOfflineDb = Dexie & {
  outbox: EntityTable<OutboxEntry, 'seq'>;
  attempts: EntityTable<AttemptRecord, 'uuid'>;
  answers: Dexie.Table<LocalAnswer, [string, string]>;
  clocks: EntityTable<StoredClockRecord, 'uuid'>;
};

const OFFLINE_DB_NAME = 'zalik-offline';

export function openOfflineDb(name = OFFLINE_DB_NAME): ZalikOfflineDb {
  // Relaxed: a commit returns once the browser holds the data, without waiting for the disk's
  // flush (Chromium's own default since 121). An answer survives a closed tab or a crashed browser;
  // only an OS crash in the next moment could lose it, and a click stays within one frame.
  const db = new Dexie(name, { chromeTransactionDurability: 'relaxed' }) as ZalikOfflineDb;
  db.version(1).stores({
    outbox: '++seq, session, [session+question_id]',
    attempts: 'uuid, slug',
    answers: '[session+question_id], session',
    clocks: 'uuid',
  });
  return db;
}
