import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client/api-error.ts';
import { type AnswerBatchReceipt, type AnswerItem, MAX_ANSWER_BATCH_BYTES } from '../contract/online.ts';
import { attemptFixture } from './attempt-fixture.ts';
import { loadAttempt } from './attempts.ts';
import { type AttemptRecord, openOfflineDb, type ZalikOfflineDb } from './db.ts';
import { entriesOf, queueAnswer, queueFinish, waitingCount } from './outbox.ts';
import { BACKOFF_BASE_MS, BACKOFF_OPEN_TEST_MAX_MS, backoffDelay, createOutboxSender } from './sender.ts';
import { fetchTransport, type OutboxTransport } from './transport.ts';

const UUID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
let db: ZalikOfflineDb;
let name = 0;

const attempt = (uuid = UUID) => attemptFixture(uuid);

/** A server that takes everything, records each request, and can be told to fail. */
function fakeServer() {
  const calls: {
    kind: 'answers' | 'finish';
    uuid: string;
    token: string;
    items?: AnswerItem[];
    locale?: string;
    unsent?: number;
  }[] = [];
  const answerStatus = new Map<string, number>();
  let failWith: ApiError | null = null;
  const transport: OutboxTransport = {
    async postAnswers(uuid, token, items, locale, unsent) {
      calls.push({ kind: 'answers', uuid, token, items, ...(locale ? { locale } : {}), unsent });
      if (failWith) throw failWith;
      const receipt: AnswerBatchReceipt = {
        results: items.map((item) => {
          const status = answerStatus.get(item.question_id) ?? 201;
          return status < 300
            ? { answer_id: item.answer_id, status, duplicate: status === 200 }
            : { answer_id: item.answer_id, status, message: 'Time is up for this test' };
        }),
        server_now: 5_000,
        room: '0.1',
      };
      return receipt;
    },
    async postFinish(uuid, token, reason, locale) {
      calls.push({ kind: 'finish', uuid, token, ...(locale ? { locale } : {}) });
      if (failWith) throw failWith;
      return { uuid, status: 'finished', finished_at: 5_000, finish_reason: reason, server_now: 5_001 };
    },
    async postSignals() {
      throw new Error('no signals in these tests (signals.test.ts)');
    },
  };
  return {
    transport,
    calls,
    answerStatus,
    fail(error: ApiError | null) {
      failWith = error;
    },
  };
}

/** Lets IndexedDB (real setImmediate tasks) finish what a fired timer started. */
async function settle() {
  for (let i = 0; i < 40; i++) await new Promise((resolve) => setImmediate(resolve));
}

beforeEach(async () => {
  db = openOfflineDb(`outbox-test-${++name}`);
  await db.attempts.put(attempt());
});
afterEach(async () => {
  vi.useRealTimers();
  await db.delete();
});

describe('the outbox', () => {
  it('keeps answers in the order they were given, each with its own id and time', async () => {
    await queueAnswer(db, UUID, 'q1', 'a', 1_000.4);
    await queueAnswer(db, UUID, 'q2', ['x', 'y'], 1_100);
    await queueAnswer(db, UUID, 'q3', 42, 1_200);
    const entries = await entriesOf(db, UUID);
    expect(entries.map((e) => e.question_id)).toEqual(['q1', 'q2', 'q3']);
    expect(entries.map((e) => e.answered_at)).toEqual([1_000, 1_100, 1_200]);
    expect(new Set(entries.map((e) => e.answer_id)).size).toBe(3);
    expect(entries.map((e) => e.seq)).toEqual([...entries.map((e) => e.seq)].sort((a, b) => (a ?? 0) - (b ?? 0)));
    // The shown answers live with the attempt, for a resume.
    expect((await loadAttempt(db, UUID))?.answers).toEqual({ q1: 'a', q2: ['x', 'y'], q3: 42 });
  });

  it('lets a later answer to a question supersede the queued one, moving it to the end', async () => {
    await queueAnswer(db, UUID, 'q1', 'a', 1_000);
    await queueAnswer(db, UUID, 'q2', 'b', 1_100);
    await queueAnswer(db, UUID, 'q1', 'c', 1_200);
    const entries = await entriesOf(db, UUID);
    expect(entries.map((e) => [e.question_id, e.value])).toEqual([
      ['q2', 'b'],
      ['q1', 'c'],
    ]);
    expect(await waitingCount(db, UUID)).toBe(2);
    expect((await loadAttempt(db, UUID))?.answers.q1).toBe('c');
  });

  it('keeps one entry per question when answers to it overlap (quick ticks of a multiple choice)', async () => {
    // The second starts before the first is stored, the third after the first but with the second
    // still on its way: each must replace whatever the one before it left.
    const first = queueAnswer(db, UUID, 'q1', ['a'], 1_000);
    const second = queueAnswer(db, UUID, 'q1', ['a', 'b'], 1_001);
    await first;
    const third = queueAnswer(db, UUID, 'q1', ['a', 'b', 'c'], 1_002);
    await Promise.all([second, third]);
    expect((await entriesOf(db, UUID)).map((e) => e.value)).toEqual([['a', 'b', 'c']]);
  });

  it('queues the finish after the answers, once', async () => {
    await queueAnswer(db, UUID, 'q1', 'a', 1_000);
    await queueFinish(db, UUID, 'manual', 1_500);
    await queueFinish(db, UUID, 'timeout', 1_600);
    const entries = await entriesOf(db, UUID);
    expect(entries.map((e) => e.kind)).toEqual(['answer', 'finish']);
    expect(entries[1]?.reason).toBe('manual');
    expect((await db.attempts.get(UUID))?.phase).toBe('finishing');
  });
});

describe('the sender', () => {
  it('sends the queued answers in ONE batch request, in order, then the finish', async () => {
    const server = fakeServer();
    const onServerTime = vi.fn();
    const onRoom = vi.fn();
    const sender = createOutboxSender({ db, transport: server.transport, onServerTime, onRoom, monotonic: () => 7 });
    await queueAnswer(db, UUID, 'q1', 'a', 1_000);
    await queueAnswer(db, UUID, 'q2', 'b', 1_100);
    await queueAnswer(db, UUID, 'q1', 'c', 1_200);
    await queueFinish(db, UUID, 'manual', 1_300);

    expect(await sender.drain()).toBe('done');
    expect(server.calls.map((c) => c.kind)).toEqual(['answers', 'finish']);
    expect(server.calls[0]?.token).toBe(`token-${UUID}`);
    expect(server.calls[0]?.items?.map((i) => [i.question_id, i.value])).toEqual([
      ['q2', 'b'],
      ['q1', 'c'],
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.attempts.get(UUID))?.phase).toBe('finished');
    expect(onServerTime).toHaveBeenCalledWith(UUID, 5_000, 7);
    expect(onRoom).toHaveBeenCalledWith(UUID, '0.1');
  });

  it('splits more than 500 answers into batches of at most 500', async () => {
    const server = fakeServer();
    const sender = createOutboxSender({ db, transport: server.transport });
    await db.outbox.bulkAdd(
      Array.from({ length: 1_203 }, (_, i) => ({
        session: UUID,
        kind: 'answer' as const,
        answer_id: crypto.randomUUID(),
        question_id: `q${i}`,
        value: 'a',
        answered_at: i,
        reason: null,
        state: 'queued' as const,
        refusal: null,
      })),
    );
    await sender.drain();
    expect(server.calls.map((c) => c.items?.length)).toEqual([500, 500, 203]);
    // Each batch tells the tutor's monitor how many answers the device still holds beyond it.
    expect(server.calls.map((c) => c.unsent)).toEqual([703, 203, 0]);
    expect(server.calls.flatMap((c) => c.items?.map((i) => i.answered_at))).toEqual([...Array(1_203).keys()]);
    // 1,203 entries through fake-indexeddb: about a second alone, several on a machine busy with browsers.
  }, 30_000);

  it('ends a batch before its answers pass the byte bound: essays go a few at a time, none cut', async () => {
    const server = fakeServer();
    const sender = createOutboxSender({ db, transport: server.transport });
    // 20,000 Cyrillic characters: 40 KB of UTF-8 each; a long one alone past the bound still goes alone.
    const essay = 'Ж'.repeat(20_000);
    const values = [essay, essay, essay, essay, essay, 'a', 'x'.repeat(5)];
    await db.outbox.bulkAdd(
      values.map((value, i) => ({
        session: UUID,
        kind: 'answer' as const,
        answer_id: crypto.randomUUID(),
        question_id: `q${i}`,
        value,
        answered_at: i,
        reason: null,
        state: 'queued' as const,
        refusal: null,
      })),
    );
    await sender.drain();
    const sizes = server.calls.map((c) => new TextEncoder().encode(JSON.stringify(c.items)).length);
    expect(server.calls.map((c) => c.items?.length)).toEqual([4, 3]);
    for (const size of sizes) expect(size).toBeLessThan(MAX_ANSWER_BATCH_BYTES);
    expect(server.calls.flatMap((c) => c.items?.map((i) => i.value))).toEqual(values);
  });

  it('removes duplicates as sent, marks 409 and 422 refused for good, and keeps 5xx for a retry', async () => {
    const server = fakeServer();
    server.answerStatus.set('dup', 200);
    server.answerStatus.set('late', 409);
    server.answerStatus.set('bad', 422);
    server.answerStatus.set('busy', 503);
    const onChange = vi.fn();
    const timers: number[] = [];
    const sender = createOutboxSender({
      db,
      transport: server.transport,
      onChange,
      random: () => 0,
      setTimer: (_run, ms) => timers.push(ms),
    });
    for (const q of ['ok', 'dup', 'late', 'bad', 'busy']) await queueAnswer(db, UUID, q, 'v', 1_000);

    expect(await sender.drain()).toBe('retry');
    const left = await entriesOf(db, UUID);
    expect(left.map((e) => [e.question_id, e.state])).toEqual([
      ['late', 'refused'],
      ['bad', 'refused'],
      ['busy', 'queued'],
    ]);
    expect(left[0]?.refusal).toContain('Time is up');
    expect(await waitingCount(db, UUID)).toBe(1);
    expect(onChange).toHaveBeenCalledWith(UUID);
    expect(timers).toEqual([BACKOFF_BASE_MS / 2]);

    // The next round sends only what is still queued; a refused answer is not sent again.
    server.answerStatus.delete('busy');
    await sender.drain();
    expect(server.calls[1]?.items?.map((i) => i.question_id)).toEqual(['busy']);
    expect(await waitingCount(db, UUID)).toBe(0);
  });

  it('refuses the whole request on a 401, and a finish the server turns down', async () => {
    const server = fakeServer();
    const sender = createOutboxSender({ db, transport: server.transport });
    await queueAnswer(db, UUID, 'q1', 'a', 1_000);
    await queueFinish(db, UUID, 'manual', 1_100);
    server.fail(
      new ApiError({
        kind: 'http',
        status: 401,
        message: 'This test session does not exist or the api_token is wrong',
      }),
    );
    expect(await sender.drain()).toBe('done');
    const entries = await entriesOf(db, UUID);
    expect(entries.map((e) => [e.kind, e.state])).toEqual([
      ['answer', 'refused'],
      ['finish', 'refused'],
    ]);
    expect(entries[1]?.refusal).toContain('api_token');
  });

  it('retries network errors and 5xx with growing, jittered delays under the test clock', async () => {
    // Only the sender's timers: IndexedDB's own task queue keeps running.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = fakeServer();
    const randoms = [0, 1, 0.5, 0];
    const sender = createOutboxSender({ db, transport: server.transport, random: () => randoms.shift() ?? 0 });
    await queueAnswer(db, UUID, 'q1', 'a', 1_000);
    server.fail(new ApiError({ kind: 'network', status: 0, message: 'Failed to fetch' }));

    expect(await sender.drain()).toBe('retry');
    expect(server.calls).toHaveLength(1);
    // 1st retry: 1 s cap, random 0 → 500 ms.
    await vi.advanceTimersByTimeAsync(499);
    await settle();
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(server.calls).toHaveLength(2);
    // 2nd: 2 s cap, random 1 → 2000 ms.
    server.fail(new ApiError({ kind: 'http', status: 503, message: 'Service Unavailable' }));
    await vi.advanceTimersByTimeAsync(1_999);
    await settle();
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(server.calls).toHaveLength(3);
    expect(sender.failures).toBe(3);
    // 3rd: 4 s cap, random 0.5 → 3000 ms; the server is back meanwhile.
    server.fail(null);
    await vi.advanceTimersByTimeAsync(3_000);
    await settle();
    expect(server.calls).toHaveLength(4);
    expect(await db.outbox.count()).toBe(0);
    expect(sender.failures).toBe(0);
    expect((await entriesOf(db, UUID)).length).toBe(0);
  });

  it('a kick (reconnect) sends at once instead of waiting out the backoff', async () => {
    // Only the sender's timers: IndexedDB's own task queue keeps running.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = fakeServer();
    const sender = createOutboxSender({ db, transport: server.transport, random: () => 1 });
    await queueAnswer(db, UUID, 'q1', 'a', 1_000);
    server.fail(new ApiError({ kind: 'network', status: 0, message: 'offline' }));
    await sender.drain();
    server.fail(null);
    await sender.kick();
    expect(server.calls).toHaveLength(2);
    expect(await db.outbox.count()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.calls).toHaveLength(2);
  });

  it('keeps the delays between half and all of the capped exponential step', () => {
    expect(backoffDelay(1, () => 0)).toBe(500);
    expect(backoffDelay(1, () => 1)).toBe(1_000);
    expect(backoffDelay(4, () => 0.5)).toBe(6_000);
    expect(backoffDelay(30, () => 1)).toBe(60_000);
    expect(backoffDelay(30, () => 0, BACKOFF_OPEN_TEST_MAX_MS)).toBe(4_000);
    expect(backoffDelay(30, () => 1, BACKOFF_OPEN_TEST_MAX_MS)).toBe(8_000);
  });

  it('retries every 4 to 8 s at most while its test is open, and up to a minute once it is finished', async () => {
    const server = fakeServer();
    server.fail(new ApiError({ kind: 'network', status: 0, message: 'Failed to fetch' }));
    const delays = async (phase: AttemptRecord['phase']) => {
      await db.attempts.put({ ...attempt(), phase });
      const timers: number[] = [];
      const sender = createOutboxSender({
        db,
        transport: server.transport,
        random: () => 1,
        setTimer: (_run, ms) => timers.push(ms),
      });
      for (let i = 0; i < 10; i++) await sender.drain();
      sender.stop();
      return timers;
    };
    await queueAnswer(db, UUID, 'q1', 'v', 1_000);
    expect(await delays('running')).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000, 8_000, 8_000, 8_000, 8_000]);
    expect((await delays('finishing')).at(-1)).toBe(8_000);
    // A test the server has finished waits for nothing: what is left may wait longer.
    expect((await delays('finished')).at(-1)).toBe(60_000);
  });

  it('an answer given while a batch is on its way goes in the next one', async () => {
    const server = fakeServer();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const original = server.transport.postAnswers;
    let first = true;
    let started = false;
    server.transport.postAnswers = async (...args) => {
      if (first) {
        first = false;
        started = true;
        await gate;
      }
      return original(...args);
    };
    const sender = createOutboxSender({ db, transport: server.transport });
    await queueAnswer(db, UUID, 'q1', 'a', 1_000);
    const round = sender.drain();
    await vi.waitFor(() => expect(started).toBe(true));
    await queueAnswer(db, UUID, 'q1', 'b', 1_100);
    void sender.kick();
    release();
    await round;
    expect(server.calls.map((c) => c.items?.map((i) => i.value))).toEqual([['a'], ['b']]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('an answer caught in a request when the server dies does not come back beside a newer one', async () => {
    // The newer answer is queued while the older one's request is out; the request then fails with
    // no answer at all (the server died): one answer waits, and after the restart only the newer goes.
    const server = fakeServer();
    let fail!: () => void;
    const dying = new Promise<void>((resolve) => {
      fail = resolve;
    });
    const original = server.transport.postAnswers;
    let first = true;
    let started = false;
    server.transport.postAnswers = async (...args) => {
      if (first) {
        first = false;
        started = true;
        await dying;
        throw new ApiError({ kind: 'network', status: 0, message: 'Failed to fetch' });
      }
      return original(...args);
    };
    const sender = createOutboxSender({ db, transport: server.transport, setTimer: () => undefined });
    await queueAnswer(db, UUID, 'q1', ['a'], 1_000);
    await queueAnswer(db, UUID, 'q2', 'x', 1_050);
    const round = sender.drain();
    await vi.waitFor(() => expect(started).toBe(true));
    await queueAnswer(db, UUID, 'q1', ['a', 'b'], 1_100);
    fail();
    expect(await round).toBe('retry');
    expect(await waitingCount(db, UUID)).toBe(2);
    expect((await entriesOf(db, UUID)).map((e) => [e.question_id, e.value])).toEqual([
      ['q2', 'x'],
      ['q1', ['a', 'b']],
    ]);

    expect(await sender.kick()).toBe('done');
    expect(server.calls.at(-1)?.items?.map((i) => [i.question_id, i.value, i.answered_at])).toEqual([
      ['q2', 'x', 1_050],
      ['q1', ['a', 'b'], 1_100],
    ]);
    expect(await waitingCount(db, UUID)).toBe(0);
  });

  it('resumes from IndexedDB: a new sender (a reload) sends what an earlier page left', async () => {
    await queueAnswer(db, UUID, 'q1', 'a', 1_000);
    await queueFinish(db, UUID, 'timeout', 1_100);
    db.close();
    const reopened = openOfflineDb(db.name);
    const server = fakeServer();
    await createOutboxSender({ db: reopened, transport: server.transport }).drain();
    expect(server.calls.map((c) => c.kind)).toEqual(['answers', 'finish']);
    expect((await reopened.attempts.get(UUID))?.phase).toBe('finished');
    reopened.close();
    await db.open();
  });

  it('sends each request in the language its entries were made in, splitting a batch where it changes', async () => {
    const server = fakeServer();
    await queueAnswer(db, UUID, 'q1', 'a', 1_000, 'pl');
    await queueAnswer(db, UUID, 'q2', 'b', 1_100, 'pl');
    await queueAnswer(db, UUID, 'q3', 'c', 1_200, 'uk');
    await queueAnswer(db, UUID, 'q4', 'd', 1_300);
    await queueFinish(db, UUID, 'manual', 1_400, 'ru');
    // A new sender on a reopened database: what the service worker does with no page open.
    db.close();
    const reopened = openOfflineDb(db.name);
    expect(await createOutboxSender({ db: reopened, transport: server.transport }).drain()).toBe('done');
    expect(server.calls.map((c) => [c.kind, c.locale, c.items?.map((i) => i.question_id)])).toEqual([
      ['answers', 'pl', ['q1', 'q2']],
      ['answers', 'uk', ['q3']],
      // Made before entries kept their language: sent without one.
      ['answers', undefined, ['q4']],
      ['finish', 'ru', undefined],
    ]);
    reopened.close();
    await db.open();
  });
});

describe('the outbox transport', () => {
  it('sends the language header with the token in the query, and reads a refusal message', async () => {
    const requests: Request[] = [];
    const transport = fetchTransport('http://zalik.test', async (input) => {
      const request = input as Request;
      requests.push(request);
      return new Response(JSON.stringify({ message: 'Czas na ten test minął' }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      });
    });
    const refused = await transport.postFinish(UUID, 'tok', 'manual', 'pl').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe('Czas na ten test minął');
    await transport.postAnswers(UUID, 'tok', [], 'uk').catch(() => undefined);
    await transport.postAnswers(UUID, 'tok', []).catch(() => undefined);
    expect(requests.map((r) => r.headers.get('application-language'))).toEqual(['pl', 'uk', null]);
    expect(new URL(requests[0]?.url ?? '').searchParams.get('api_token')).toBe('tok');
  });
});
