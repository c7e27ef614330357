/**
 * A lesson version's sealed payload: the same bytes for everyone, kept by caches for good, opened
 * only with the key a start hands out, and holding exactly what the per-session block route gives
 * (in a shuffled attempt's own order once the start's order is applied).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAINEST_RULES } from '../../../contract/assignments.ts';
import {
  OnlineSession,
  type PayloadKey,
  SealedPayload,
  StartedSession,
  type TakerBlock,
} from '../../../contract/index.ts';
import { inAttemptOrder, openSealedPayload } from '../../../contract/sealed-payload.ts';
import { assert } from '../../../contract/structs.ts';
import { IMMUTABLE_CACHE_CONTROL } from '../../plugins/external/security-headers.ts';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';
import { completeDraft } from '../tutor/draft-fixture.ts';

let t: TestApp;
let callers: Callers;
let publishedTest = '';

beforeAll(async () => {
  t = await createTestApp();
  callers = await tutorCallers(t.app);
  const tutorId = callers.users.tutor.id;
  publishedTest = (await t.app.tutorTests.create(tutorId, 'en', completeDraft())).id;
  await t.app.tutorTests.publish(tutorId, publishedTest);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const payloadOf = (version: number, locale: string) =>
  t.app.inject({ url: `/v1/public/lesson-versions/${version}/payload/${locale}` });

async function sealedPayload(version: number, locale: string): Promise<SealedPayload> {
  const res = await payloadOf(version, locale);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  assert(data, SealedPayload);
  return data;
}

/** What the spec's per-session route gives, block by block, in the session's language. */
async function blocksOf(session: StartedSession, language = 'en'): Promise<TakerBlock[]> {
  return Promise.all(
    session.blocks.map(async (block) => {
      const res = await t.app.inject({
        url: `/v1/public/lessons/online/${session.uuid}/blocks/${block.id}?api_token=${session.api_token}`,
        headers: { 'application-language': language },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as TakerBlock;
    }),
  );
}

async function startLesson(language = 'en'): Promise<StartedSession> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/public/lessons/fixture-sums/start',
    payload: {},
    headers: { 'application-language': language },
  });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data;
  assert(data, StartedSession);
  return data;
}

/** How many questions one attempt of the draft is asked. */
function askedPerAttempt(draft: ReturnType<typeof completeDraft>): number {
  return draft.blocks.reduce((n, block) => n + (block.draw ? block.draw.count : block.questions.length), 0);
}

describe(`sealed payloads on ${dialectName}`, () => {
  it('tells the version before the start, hands out its key at the start, and holds the blocks the block route gives', async () => {
    const preview = await t.app.inject({ url: '/v1/public/lessons/fixture-sums' });
    const version = preview.json().data.version as number;
    expect(version).toBeGreaterThan(0);
    // Fetched before the start: sealed, and the same bytes however often it is asked for.
    const before = await payloadOf(version, 'uk');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(before.body).not.toContain('First block');
    expect((await payloadOf(version, 'uk')).body).toBe(before.body);

    const session = await startLesson('uk');
    expect(session.sealed?.version).toBe(version);
    expect(session.sealed?.order).toBeUndefined();
    const opened = await openSealedPayload(before.json().data, session.sealed as PayloadKey);
    expect(opened).toEqual(await blocksOf(session, 'uk'));
    // Another language is another payload, under the same key.
    const english = await openSealedPayload(await sealedPayload(version, 'en'), session.sealed as PayloadKey);
    expect(english).toEqual(await blocksOf(session, 'en'));
    expect(english).not.toEqual(opened);

    // The session's state while it runs gives the same key (a reload before the blocks were kept).
    const state = await t.app.inject({
      url: `/v1/public/lessons/online/${session.uuid}?api_token=${session.api_token}`,
    });
    assert(state.json().data, OnlineSession);
    expect(state.json().data.sealed).toEqual(session.sealed);
    // Finished, it gives none.
    await t.app.inject({
      method: 'POST',
      url: `/v1/public/lessons/online/${session.uuid}/finish`,
      payload: { api_token: session.api_token },
    });
    const done = await t.app.inject({
      url: `/v1/public/lessons/online/${session.uuid}?api_token=${session.api_token}`,
    });
    expect(done.json().data.sealed).toBeUndefined();
  });

  it('keeps one secret per version, across starts, and never hands it out', async () => {
    const [a, b] = [await startLesson(), await startLesson()];
    expect(a.sealed).toEqual(b.sealed);
    expect(a.sealed?.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const keys = Object.values(a.sealed?.questions ?? {});
    expect(keys.length).toBe(a.blocks.reduce((n, block) => n + block.question_count, 0));
    // Every part has a key of its own.
    expect(new Set([a.sealed?.key, ...keys]).size).toBe(keys.length + 1);
    const rows = await t.database.db
      .selectFrom('lesson_versions')
      .select('payload_key')
      .where('id', '=', a.sealed?.version as number)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect([a.sealed?.key, ...keys]).not.toContain(rows[0]?.payload_key);
  });

  it('does not open with another key, nor with a changed byte', async () => {
    const session = await startLesson();
    const key = session.sealed as PayloadKey;
    const payload = await sealedPayload(key.version, 'en');
    const otherKey = { ...key, key: Buffer.alloc(32, 7).toString('base64url') };
    await expect(openSealedPayload(payload, otherKey)).rejects.toThrow();
    const bytes = Buffer.from(payload.frame.sealed, 'base64url');
    bytes[0] = (bytes[0] as number) ^ 1;
    const frame = { ...payload.frame, sealed: bytes.toString('base64url') };
    await expect(openSealedPayload({ ...payload, frame }, key)).rejects.toThrow();
    // One question's key does not open another question.
    const [[first, firstKey], [second]] = Object.entries(key.questions) as [[string, string], [string, string]];
    await expect(openSealedPayload(payload, { ...key, questions: { [second]: firstKey } })).rejects.toThrow();
    expect(
      (await openSealedPayload(payload, { ...key, questions: { [first]: firstKey } })).flatMap((b) =>
        b.questions.map((q) => q.id),
      ),
    ).toEqual([first]);
    await expect(openSealedPayload({ ...payload, version: key.version + 1 }, key)).rejects.toThrow();
  });

  it("gives a shuffled attempt its own order, which put on the payload is the block route's", async () => {
    const made = await callers.call('tutor', {
      method: 'POST',
      url: '/v1/tutor/assignments',
      payload: {
        test_id: publishedTest,
        rules: { ...PLAINEST_RULES, shuffle_questions: true, shuffle_options: true },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const code = made.json().data.code as string;
    const publicView = await callers.call(null, { url: `/v1/public/assignments/${code}` });
    const version = publicView.json().data.version as number;
    const takers = await Promise.all(
      ['Ann', 'Bob', 'Cat'].map(async (name) => {
        const res = await callers.call(null, {
          method: 'POST',
          url: `/v1/public/assignments/${code}/start`,
          payload: { display_name: name },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().data as StartedSession;
      }),
    );
    const payload = await sealedPayload(version, 'en');
    const orders = new Set<string>();
    for (const taker of takers) {
      const key = taker.sealed as PayloadKey;
      expect(key.version).toBe(version);
      expect(key.order?.length).toBe(taker.blocks.length);
      const opened = inAttemptOrder(await openSealedPayload(payload, key), key.order);
      expect(opened).toEqual(await blocksOf(taker));
      orders.add(JSON.stringify(key.order));
    }
    // Three attempts, not all in one order.
    expect(orders.size).toBeGreaterThan(1);
  });

  it("opens, with a pooled attempt's keys, only the questions that attempt drew", async () => {
    const tutorId = callers.users.tutor.id;
    const draft = completeDraft();
    const pool = draft.blocks[0] as (typeof draft.blocks)[number];
    const written = pool.questions[0] as (typeof pool.questions)[number];
    pool.questions = Array.from({ length: 8 }, (_, n) => ({
      ...written,
      id: `pool${n}`,
      text: { en: `Pooled secret ${n}.`, uk: `Таємне ${n}.` },
    }));
    pool.draw = { count: 2, by_points: false };
    const pooled = (await t.app.tutorTests.create(tutorId, 'en', draft)).id;
    await t.app.tutorTests.publish(tutorId, pooled);
    const made = await callers.call('tutor', {
      method: 'POST',
      url: '/v1/tutor/assignments',
      payload: { test_id: pooled, rules: PLAINEST_RULES },
    });
    expect(made.statusCode, made.body).toBe(201);
    const code = made.json().data.code as string;
    const version = (await callers.call(null, { url: `/v1/public/assignments/${code}` })).json().data.version as number;
    const res = await payloadOf(version, 'en');
    expect(res.body).not.toContain('Pooled secret');
    const payload = await sealedPayload(version, 'en');
    const everyQuestion = Object.keys(payload.questions);
    const seen = new Set<string>();
    for (const name of ['Ann', 'Bob', 'Cat', 'Dan']) {
      const started = await callers.call(null, {
        method: 'POST',
        url: `/v1/public/assignments/${code}/start`,
        payload: { display_name: name },
      });
      expect(started.statusCode, started.body).toBe(201);
      const taker = started.json().data as StartedSession;
      const key = taker.sealed as PayloadKey;
      const drawn = (key.order ?? []).flatMap((o) => o.questions);
      expect(drawn.filter((id) => id.startsWith('pool'))).toHaveLength(2);
      // The keys handed out are those of the drawn questions, and they open nothing else.
      expect(Object.keys(key.questions).sort()).toEqual([...drawn].sort());
      const opened = await openSealedPayload(payload, key);
      expect(opened).toEqual(await blocksOf(taker));
      const readable = JSON.stringify(opened).match(/Pooled secret \d\./g) ?? [];
      expect(readable.sort()).toEqual(
        drawn
          .filter((id) => id.startsWith('pool'))
          .map((id) => `Pooled secret ${id.slice(4)}.`)
          .sort(),
      );
      for (const other of everyQuestion.filter((id) => !drawn.includes(id))) {
        for (const own of Object.values(key.questions))
          await expect(openSealedPayload(payload, { ...key, questions: { [other]: own } })).rejects.toThrow();
      }
      for (const id of drawn) seen.add(id);
    }
    // Four takers between them drew more than any one of them may read.
    expect(seen.size).toBeGreaterThan(askedPerAttempt(draft));
  });

  it('refuses an unknown version (404) and a malformed address (422), changing nothing', async () => {
    const before = await tableDigest(t.database.db);
    const missing = await payloadOf(999_999, 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No such version of a test');
    for (const url of ['0/payload/en', 'x/payload/en', '1/payload/de', '1/payload/EN', '1234567890/payload/en']) {
      const res = await t.app.inject({ url: `/v1/public/lesson-versions/${url}` });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().message, url).toBeTruthy();
    }
    expect(await tableDigest(t.database.db)).toEqual(before);
  });
});
