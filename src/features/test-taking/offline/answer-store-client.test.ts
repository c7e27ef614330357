import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AnswerStoreMessage,
  type AnswerWriteReply,
  runAnswerWrite,
} from '../../../../offline-queue/answer-store-protocol.ts';
import { openOfflineDb, type ZalikOfflineDb } from '../../../../offline-queue/db.ts';
import { entriesOf, queueFinish } from '../../../../offline-queue/outbox.ts';
import { createAnswerStoreClient, type WorkerPort } from './answer-store-client.ts';

const UUID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
let db: ZalikOfflineDb;
let name = 0;
const opened: ZalikOfflineDb[] = [];

/**
 * The worker's side as workers/answer-store-worker.ts runs it: its own connection to the database, the
 * shared write, replies as messages. `hold` keeps replies back (a worker still busy); `crash` fires
 * the error a failing worker script raises.
 */
class StandInWorker implements WorkerPort {
  readonly posted: AnswerStoreMessage[] = [];
  hold = false;
  terminated = false;
  private readonly held: (() => void)[] = [];
  private readonly listeners = new Map<string, ((event: never) => void)[]>();
  private readonly connections = new Map<string, ZalikOfflineDb>();

  postMessage(message: AnswerStoreMessage) {
    this.posted.push(message);
    if (message.type !== 'answer') return;
    const dbNamed = (dbName: string) => {
      let connection = this.connections.get(dbName);
      if (!connection) {
        connection = openOfflineDb(dbName);
        opened.push(connection);
        this.connections.set(dbName, connection);
      }
      return connection;
    };
    const deliver = () =>
      void runAnswerWrite(dbNamed, message).then((reply) => {
        if (!this.terminated) this.emit('message', new MessageEvent<AnswerWriteReply>('message', { data: reply }));
      });
    if (this.hold) this.held.push(deliver);
    else deliver();
  }

  release() {
    this.hold = false;
    for (const deliver of this.held.splice(0)) deliver();
  }

  crash() {
    this.emit('error', new Event('error', { cancelable: true }));
  }

  addEventListener(type: string, listener: (event: never) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  terminate() {
    this.terminated = true;
  }

  private emit(type: string, event: Event) {
    for (const listener of this.listeners.get(type) ?? []) listener(event as never);
  }
}

beforeEach(() => {
  name += 1;
  db = openOfflineDb(`answer-store-${name}`);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  db.close();
  for (const connection of opened.splice(0)) connection.close();
});

describe('the answer store client', () => {
  it('stores answers through the worker, in order, a newer answer superseding the queued one', async () => {
    const worker = new StandInWorker();
    const writer = createAnswerStoreClient(db, () => worker);
    expect(writer.mode()).toBe('worker');
    expect(worker.posted[0]).toEqual({ type: 'open', db: db.name });

    const first = await writer.write(UUID, 'q1', 'a', 1_000);
    await writer.write(UUID, 'q2', ['x', 'y'], 1_100);
    const last = await writer.write(UUID, 'q1', 'b', 1_200);

    const entries = await entriesOf(db, UUID);
    expect(entries.map((e) => [e.question_id, e.value])).toEqual([
      ['q2', ['x', 'y']],
      ['q1', 'b'],
    ]);
    expect(entries.at(-1)?.answer_id).toBe(last.answer_id);
    expect(last.answer_id).not.toBe(first.answer_id);
    expect(await db.answers.get([UUID, 'q1'])).toEqual({ session: UUID, question_id: 'q1', value: 'b' });
  });

  it('keeps the language an answer was given in, through the worker and on the page alike', async () => {
    const viaWorker = await createAnswerStoreClient(db, () => new StandInWorker()).write(UUID, 'q1', 'a', 1_000, 'pl');
    const onPage = await createAnswerStoreClient(db, () => null).write(UUID, 'q2', 'b', 1_100, 'uk');
    expect([viaWorker.locale, onPage.locale]).toEqual(['pl', 'uk']);
    expect((await entriesOf(db, UUID)).map((e) => e.locale)).toEqual(['pl', 'uk']);
  });

  it('lets the finish wait for every answer still being written', async () => {
    const worker = new StandInWorker();
    const writer = createAnswerStoreClient(db, () => worker);
    worker.hold = true;
    const written = [writer.write(UUID, 'q1', 'a', 1_000), writer.write(UUID, 'q2', 'b', 1_001)];
    let settled = false;
    const allSettled = writer.settled().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);

    worker.release();
    await allSettled;
    await Promise.all(written);
    await queueFinish(db, UUID, 'manual', 2_000);
    expect((await entriesOf(db, UUID)).map((e) => e.kind)).toEqual(['answer', 'answer', 'finish']);
  });

  it('writes on the page when the worker fails, redoing what it had not confirmed', async () => {
    const worker = new StandInWorker();
    const writer = createAnswerStoreClient(db, () => worker);
    await writer.write(UUID, 'q1', 'a', 1_000);
    worker.hold = true;
    const waiting = [writer.write(UUID, 'q2', 'b', 1_100), writer.write(UUID, 'q3', 3, 1_200)];
    worker.crash();

    expect(writer.mode()).toBe('page');
    expect(worker.terminated).toBe(true);
    await Promise.all(waiting);
    await writer.write(UUID, 'q1', 'c', 1_300);
    const entries = await entriesOf(db, UUID);
    expect(entries.map((e) => [e.question_id, e.value])).toEqual([
      ['q2', 'b'],
      ['q3', 3],
      ['q1', 'c'],
    ]);
  });

  it('writes on the page where there is no worker', async () => {
    const writer = createAnswerStoreClient(db, () => null);
    expect(writer.mode()).toBe('page');
    await writer.write(UUID, 'q1', 'a', 1_000);
    expect((await entriesOf(db, UUID)).map((e) => e.value)).toEqual(['a']);
  });

  it('rejects an answer that cannot be copied to the worker, and keeps nothing waiting for it', async () => {
    const worker = new StandInWorker();
    const writer = createAnswerStoreClient(db, () => worker);
    const post = worker.postMessage.bind(worker);
    worker.postMessage = (message) => {
      if (message.type === 'answer') throw new DOMException('could not be cloned', 'DataCloneError');
      post(message);
    };
    await expect(writer.write(UUID, 'q1', 'a', 1_000)).rejects.toMatchObject({ name: 'DataCloneError' });
    await writer.settled();
    worker.crash();
    // The failed write is not redone when the page takes over.
    await writer.settled();
    expect(await entriesOf(db, UUID)).toEqual([]);
  });

  it('rejects with the reason the worker gives when the write fails', async () => {
    const worker = new StandInWorker();
    const writer = createAnswerStoreClient(db, () => worker);
    // A value IndexedDB cannot store: the worker's transaction fails and says why.
    const unstorable = (() => undefined) as unknown as string;
    await expect(writer.write(UUID, 'q1', unstorable, 1_000)).rejects.toMatchObject({ name: 'DataCloneError' });
    expect(writer.mode()).toBe('worker');
    await writer.settled();
  });
});
