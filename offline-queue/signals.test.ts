import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api-client/api-error.ts';
import type { AnswerItem } from '../contract/online.ts';
import type { SignalItem } from '../contract/signals.ts';
import { attemptFixture } from './attempt-fixture.ts';
import { openOfflineDb, type ZalikOfflineDb } from './db.ts';
import { entriesOf, queueAnswer, queueFinish } from './outbox.ts';
import { createOutboxSender } from './sender.ts';
import { queueSignal } from './signals.ts';
import type { OutboxTransport } from './transport.ts';

const UUID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
let db: ZalikOfflineDb;
let name = 0;

const attempt = () => attemptFixture(UUID, { api_token: 'token' });

/** A server recording each request in order; signals fail as told. */
function server(signalsFail: () => ApiError | null = () => null) {
  const calls: { kind: string; items: (AnswerItem | SignalItem)[] }[] = [];
  const transport: OutboxTransport = {
    async postAnswers(_uuid, _token, items) {
      calls.push({ kind: 'answers', items });
      return { results: items.map((i) => ({ answer_id: i.answer_id, status: 201 })), server_now: 1 };
    },
    async postFinish(uuid, _token, reason) {
      calls.push({ kind: 'finish', items: [] });
      return { uuid, status: 'finished', finished_at: 2, finish_reason: reason, server_now: 2 };
    },
    async postSignals(_uuid, _token, items) {
      calls.push({ kind: 'signals', items });
      const error = signalsFail();
      if (error) throw error;
      return { stored: items.length, duplicates: 0, joined: 0, dropped: 0, server_now: 3 };
    },
  };
  return { transport, calls };
}

beforeEach(async () => {
  db = openOfflineDb(`signals-test-${++name}`);
  await db.attempts.put(attempt());
});

afterEach(async () => {
  db.close();
  await db.delete();
});

describe('signals in the outbox', () => {
  it('go after the answers and the finish queued before them, each once, and leave nothing behind', async () => {
    await queueSignal(db, UUID, { kind: 'hidden', at: 1_000.4, duration_ms: 40_000 });
    await queueAnswer(db, UUID, 'q1', 'a', 1_100);
    await queueSignal(db, UUID, { kind: 'paste', at: 1_200, length: 12, question_id: 'q2' });
    await queueFinish(db, UUID, 'manual', 1_300);
    const s = server();
    expect(await createOutboxSender({ db, transport: s.transport }).drain()).toBe('done');
    expect(s.calls.map((c) => c.kind)).toEqual(['answers', 'finish', 'signals']);
    expect(s.calls[2]?.items).toEqual([
      expect.objectContaining({ kind: 'hidden', at: 1_000, duration_ms: 40_000 }),
      expect.objectContaining({ kind: 'paste', length: 12, question_id: 'q2' }),
    ]);
    expect(await entriesOf(db, UUID)).toEqual([]);
  });

  it('wait for the server when it cannot be reached, and are sent once it can', async () => {
    let offline = true;
    const s = server(() => (offline ? new ApiError({ kind: 'network', status: 0, message: 'offline' }) : null));
    await queueSignal(db, UUID, { kind: 'offline', at: 5_000, duration_ms: 180_000 });
    const sender = createOutboxSender({ db, transport: s.transport, setTimer: () => 0 });
    expect(await sender.drain()).toBe('retry');
    expect(await entriesOf(db, UUID)).toHaveLength(1);
    offline = false;
    expect(await sender.drain()).toBe('done');
    expect(s.calls.filter((c) => c.kind === 'signals').map((c) => c.items.length)).toEqual([1, 1]);
    expect(await entriesOf(db, UUID)).toEqual([]);
  });

  it('are let go, never shown as refused, when the server will not keep them', async () => {
    const s = server(() => new ApiError({ kind: 'http', status: 409, message: 'This attempt keeps no signals' }));
    await queueSignal(db, UUID, { kind: 'blur', at: 5_000, duration_ms: 3_000 });
    expect(await createOutboxSender({ db, transport: s.transport }).drain()).toBe('done');
    expect(await entriesOf(db, UUID)).toEqual([]);
  });

  it('keep the good ones of a batch the server refuses for one: the named one goes, the rest are sent again', async () => {
    let first = true;
    const s = server(() => {
      if (!first) return null;
      first = false;
      return new ApiError({
        kind: 'http',
        status: 422,
        message: 'These signals cannot be kept',
        fieldErrors: { 'signals.1.at': ['Later than the server’s clock'] },
      });
    });
    await queueSignal(db, UUID, { kind: 'blur', at: 5_000, duration_ms: 3_000 });
    await queueSignal(db, UUID, { kind: 'hidden', at: 9_999_999, duration_ms: 3_000 });
    await queueSignal(db, UUID, { kind: 'offline', at: 6_000, duration_ms: 4_000 });
    expect(await createOutboxSender({ db, transport: s.transport }).drain()).toBe('done');
    const sent = s.calls.filter((c) => c.kind === 'signals').map((c) => c.items.map((i) => (i as SignalItem).kind));
    expect(sent).toEqual([
      ['blur', 'hidden', 'offline'],
      ['blur', 'offline'],
    ]);
    expect(await entriesOf(db, UUID)).toEqual([]);
  });
});
