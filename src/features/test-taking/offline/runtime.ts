/**
 * The page's one outbox: one database connection, one sender, and the moments it sends — now (page
 * load), on `online`, when the page becomes visible, after each new entry — plus Background Sync.
 * While anything waits, an app update must not reload the page (the update guard).
 */

import { isApiError } from '../../../../api-client/api-error.ts';
import { apiOrigin } from '../../../../app-shell/api-origin.ts';
import {
  OUTBOX_CHANGED_MESSAGE,
  requestBackgroundSync,
  withOutboxLock,
} from '../../../../offline-queue/background-sync.ts';
import { openOfflineDb, type ZalikOfflineDb } from '../../../../offline-queue/db.ts';
import { waitingCount } from '../../../../offline-queue/outbox.ts';
import { createOutboxSender, type OutboxSender } from '../../../../offline-queue/sender.ts';
import { fetchTransport, type OutboxTransport } from '../../../../offline-queue/transport.ts';
import { registerUpdateGuard } from '../../../shared/pwa/update-guard.ts';
import { type AnswerStoreClient, createAnswerStoreClient } from './answer-store-client.ts';

type ChangeListener = (session: string | null) => void;
type TimeListener = (session: string, serverNow: number, sentAt: number) => void;
type DeadlineListener = (session: string, deadline: number) => void;
type RoomListener = (session: string, stamp: string) => void;
type ReachListener = (reachable: boolean) => void;

export interface OfflineRuntime {
  db: ZalikOfflineDb;
  /** Stores answers (in a worker where there is one). */
  answers: AnswerStoreClient;
  sender: OutboxSender;
  /** `session` null: anything may have changed (the service worker sent something). */
  subscribe(listener: ChangeListener): () => void;
  onServerTime(listener: TimeListener): () => void;
  /** A running attempt's deadline moved (a tutor's extra time), as the server just said. */
  onDeadline(listener: DeadlineListener): () => void;
  /** The server said the session's deadline: kept for a reload, and told to the views when it moved. */
  deadlineSaid(session: string, deadline: number): void;
  /** An answer batch brought the session's exam-room stamp (a new one: the heartbeat asks what changed). */
  onRoom(listener: RoomListener): () => void;
  /** After a local write: tell the views, and try to send it. */
  queued(session: string): void;
  /** Answers and finishes waiting over all sessions, as last counted. */
  waitingTotal(): number;
  /**
   * Whether the server answered the last request made (any answer, even a refusal) rather than
   * none at all: a browser may say it is online while the school's network or the server is down.
   */
  reachable(): boolean;
  /**
   * Whether the server has answered any request of this page yet: until then `reachable` is only
   * assumed (a page reloaded in an outage must not take it for over). Its first answer is told to
   * `onReachable` too.
   */
  heard(): boolean;
  onReachable(listener: ReachListener): () => void;
  /** A request reached the server (true) or got no answer (false). */
  reached(reachable: boolean): void;
}

/** The transport with each request's fate told to `reached`: answered at all, or not. */
function reporting(transport: OutboxTransport, reached: (reachable: boolean) => void): OutboxTransport {
  const watch =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        const result = await call(...args);
        reached(true);
        return result;
      } catch (error) {
        reached(!(isApiError(error) && error.kind === 'network'));
        throw error;
      }
    };
  return {
    postAnswers: watch(transport.postAnswers),
    postFinish: watch(transport.postFinish),
    postSignals: watch(transport.postSignals),
  };
}

let instance: OfflineRuntime | null = null;

export function offlineRuntime(): OfflineRuntime {
  instance ??= createRuntime();
  return instance;
}

function createRuntime(): OfflineRuntime {
  const db = openOfflineDb();
  const changeListeners = new Set<ChangeListener>();
  const timeListeners = new Set<TimeListener>();
  const deadlineListeners = new Set<DeadlineListener>();
  const roomListeners = new Set<RoomListener>();
  const reachListeners = new Set<ReachListener>();
  let reachable = true;
  let heard = false;
  const reached = (now: boolean) => {
    const first = now && !heard;
    heard ||= now;
    if (now === reachable && !first) return;
    reachable = now;
    for (const listener of [...reachListeners]) listener(now);
  };
  const deadlineSaid = (session: string, deadline: number) => {
    void db.attempts.get(session).then(
      async (record) => {
        if (!record || record.session.deadline === deadline) return;
        await db.attempts.update(session, { session: { ...record.session, deadline } });
        for (const listener of [...deadlineListeners]) listener(session, deadline);
      },
      (error: unknown) => console.error('The new deadline could not be stored', error),
    );
  };
  let waiting = 0;

  const emit = (session: string | null) => {
    void waitingCount(db).then(
      (count) => {
        waiting = count;
        for (const listener of [...changeListeners]) listener(session);
      },
      (error: unknown) => console.error('The outbox could not be counted', error),
    );
  };

  const sender = createOutboxSender({
    db,
    transport: reporting(fetchTransport(apiOrigin(window.location.origin)), reached),
    exclusive: withOutboxLock,
    onChange: emit,
    onServerTime(session, serverNow, sentAt) {
      for (const listener of [...timeListeners]) listener(session, serverNow, sentAt);
    },
    onDeadline: deadlineSaid,
    onRoom(session, stamp) {
      for (const listener of [...roomListeners]) listener(session, stamp);
    },
  });

  const send = () => {
    void sender.kick().then((outcome) => {
      if (outcome === 'retry') requestBackgroundSync();
    });
  };
  window.addEventListener('online', send);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') send();
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === OUTBOX_CHANGED_MESSAGE) emit(null);
  });
  // Nothing is lost to an update's reload while something waits here, whichever page is open.
  registerUpdateGuard(() => waiting > 0);

  emit(null);
  send();

  let answers: AnswerStoreClient | null = null;
  return {
    db,
    // Made when a running test first needs it, not on the lesson preview: the worker starts then.
    get answers() {
      answers ??= createAnswerStoreClient(db);
      return answers;
    },
    sender,
    subscribe(listener) {
      changeListeners.add(listener);
      return () => changeListeners.delete(listener);
    },
    onServerTime(listener) {
      timeListeners.add(listener);
      return () => timeListeners.delete(listener);
    },
    onDeadline(listener) {
      deadlineListeners.add(listener);
      return () => deadlineListeners.delete(listener);
    },
    deadlineSaid,
    onRoom(listener) {
      roomListeners.add(listener);
      return () => roomListeners.delete(listener);
    },
    queued(session) {
      waiting += 1;
      emit(session);
      send();
    },
    waitingTotal: () => waiting,
    reachable: () => reachable,
    heard: () => heard,
    onReachable(listener) {
      reachListeners.add(listener);
      return () => reachListeners.delete(listener);
    },
    reached,
  };
}
