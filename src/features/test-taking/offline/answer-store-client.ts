/**
 * Stores answers through a dedicated worker (workers/answer-store-worker.ts), so that no rendering on the
 * page can hold a write back. Without workers, or when the worker fails, the page writes itself:
 * the same transaction (outbox.ts), and every write still waiting is done again here.
 */
import type { Locale } from '../../../../contract/locale.ts';
import type { AnswerValue } from '../../../../contract/online.ts';
import type {
  AnswerStoreMessage,
  AnswerWriteReply,
  AnswerWriteRequest,
} from '../../../../offline-queue/answer-store-protocol.ts';
import type { OutboxEntry, ZalikOfflineDb } from '../../../../offline-queue/db.ts';
import { queueAnswer } from '../../../../offline-queue/outbox.ts';

/** The part of a Worker the writer uses (a stand-in in tests). */
export interface WorkerPort {
  postMessage(message: AnswerStoreMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<AnswerWriteReply>) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: (event: Event) => void): void;
  terminate(): void;
}

export interface AnswerStoreClient {
  /** Resolves once the answer and its outbox entry are committed to IndexedDB. */
  write(
    session: string,
    questionId: string,
    value: AnswerValue,
    answeredAt: number,
    locale?: Locale,
  ): Promise<OutboxEntry>;
  /** Resolves when every write asked for so far has settled: a finish is queued after them. */
  settled(): Promise<void>;
  /** 'worker' or 'page': where the writes go now. */
  mode(): 'worker' | 'page';
}

function spawnAnswerWorker(): WorkerPort | null {
  if (typeof Worker !== 'function') return null;
  return new Worker(new URL('../../../../workers/answer-store-worker.ts', import.meta.url), {
    type: 'module',
    name: 'zalik-answer-store',
  }) as WorkerPort;
}

interface Pending {
  request: AnswerWriteRequest;
  resolve: (entry: OutboxEntry) => void;
  reject: (error: unknown) => void;
}

export function createAnswerStoreClient(
  db: ZalikOfflineDb,
  spawn: () => WorkerPort | null = spawnAnswerWorker,
): AnswerStoreClient {
  const pending = new Map<number, Pending>();
  const inFlight = new Set<Promise<unknown>>();
  let nextId = 1;
  let worker: WorkerPort | null = null;
  try {
    worker = spawn();
  } catch (error) {
    console.warn('Answers are stored by the page: the worker did not start', error);
  }

  const inPage = (request: AnswerWriteRequest) =>
    queueAnswer(db, request.session, request.questionId, request.value, request.answeredAt, request.locale);

  function fallBack(reason: unknown) {
    if (!worker) return;
    console.warn('Answers are stored by the page from now on: the worker failed', reason);
    worker.terminate();
    worker = null;
    // In the order they were asked for. One the worker committed before failing is replaced by
    // its copy here (a newer answer to a question supersedes the queued one).
    for (const { request, resolve, reject } of [...pending.values()].sort((a, b) => a.request.id - b.request.id)) {
      inPage(request).then(resolve, reject);
    }
    pending.clear();
  }

  if (worker) {
    worker.addEventListener('message', (event) => {
      const reply = event.data;
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.entry);
      else waiting.reject(Object.assign(new Error(reply.message), { name: reply.name }));
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      fallBack(event);
    });
    worker.addEventListener('messageerror', fallBack);
    worker.postMessage({ type: 'open', db: db.name });
  }

  return {
    write(session, questionId, value, answeredAt, locale) {
      const request: AnswerWriteRequest = {
        type: 'answer',
        id: nextId++,
        db: db.name,
        session,
        questionId,
        value,
        answeredAt,
        ...(locale ? { locale } : {}),
      };
      const written = worker
        ? new Promise<OutboxEntry>((resolve, reject) => {
            pending.set(request.id, { request, resolve, reject });
            try {
              worker?.postMessage(request);
            } catch (error) {
              // A value that cannot be copied to the worker could not be stored either.
              pending.delete(request.id);
              reject(error);
            }
          })
        : inPage(request);
      const tracked = written.catch(() => undefined);
      inFlight.add(tracked);
      void tracked.then(() => inFlight.delete(tracked));
      return written;
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    mode: () => (worker ? 'worker' : 'page'),
  };
}
