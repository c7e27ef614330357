/**
 * Signed receipts through the API: the receipt of a finished attempt (the same each time), the
 * published keys, a check that names the questions whose stored answers changed, were lost or came
 * later, keys rotated, marks changed after it, and an attempt put into an account with its receipt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '../../../contract/receipts.ts';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';
import { oneBlockDraft } from '../../test/one-block-draft.ts';
import { type Taker, takerCalls } from '../../test/taker-calls.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';

let t: TestApp;
let callers: Callers;
let testId = '';
const call: Callers['call'] = (who, options) => callers.call(who, options);
const { assign, startAs, answer, finish } = takerCalls(call, () => t.clock.value);
const en = (text: string) => ({ en: text });

const draft = oneBlockDraft('Receipts', [
  {
    id: 'q1',
    type: 'single',
    points: 1,
    text: en('2 + 2?'),
    options: [
      { id: 'a', text: en('4') },
      { id: 'b', text: en('5') },
    ],
    correct_option: 'a',
  },
  { id: 'q2', type: 'number', points: 1, text: en('3 × 3?'), correct_number: 9, tolerance: 0 },
  { id: 'e1', type: 'essay', points: 4, text: en('Why?'), min_words: null, max_words: null },
]);

beforeAll(async () => {
  t = await createTestApp();
  callers = await tutorCallers(t.app);
  testId = (await t.app.tutorTests.create(callers.users.tutor.id, 'en', draft)).id;
  await t.app.tutorTests.publish(callers.users.tutor.id, testId);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const receiptOf = (k: Taker) =>
  call(null, { url: `/v1/public/lessons/online/${k.uuid}/receipt?api_token=${k.api_token}` });
const check = (receipt: unknown) =>
  call(null, { method: 'POST', url: '/v1/public/receipts/check', payload: { receipt } });

async function finishedTaker(name: string) {
  const made = await assign(testId);
  const k = await startAs(made.code, name);
  await answer(k, [
    { question_id: 'q1', value: 'b' },
    { question_id: 'q2', value: 9 },
  ]);
  // A changed answer: both values are stored, the later counts.
  await answer(k, [
    {
      question_id: 'q1',
      value: 'a',
      answered_at: t.clock.value + 1,
      answer_id: `${k.uuid.slice(0, 8)}-0000-4000-8000-0000000000aa`,
    },
  ]);
  return { made, k };
}

describe(`signed receipts on ${dialectName}`, () => {
  it('signs a finished attempt’s stored answers once, and a check says they match', async () => {
    const { k } = await finishedTaker('Ann');
    expect((await receiptOf(k)).statusCode).toBe(409);
    expect((await finish(k)).statusCode).toBe(200);
    const res = await receiptOf(k);
    expect(res.statusCode, res.body).toBe(200);
    const { receipt, code } = res.json().data as { receipt: Receipt; code: string };
    expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(receipt).toMatchObject({
      v: 1,
      server: 'http://localhost:3000',
      attempt: k.uuid,
      lesson: expect.any(String),
      answers: { count: 3 },
      score: 2,
      max_score: 6,
    });
    expect(receipt.answers.questions.map((q) => q.q)).toEqual(['q1', 'q2']);
    // The same receipt every time it is asked for.
    expect((await receiptOf(k)).json().data).toEqual({ receipt, code });
    expect((await check(receipt)).json().data).toEqual({
      signature: 'valid',
      stored: 'matches',
      differences: [],
      score_changed: false,
      score_now: 2,
    });
    const keys = (await call(null, { url: '/v1/public/receipt-keys' })).json().data.keys;
    expect(keys).toEqual([
      { kty: 'OKP', crv: 'Ed25519', x: expect.any(String), kid: receipt.kid, alg: 'EdDSA', use: 'sig' },
    ]);
  });

  it('names the question whose stored answer changed, was lost or came after the receipt', async () => {
    const { k } = await finishedTaker('Bo');
    await finish(k);
    const { receipt } = (await receiptOf(k)).json().data as { receipt: Receipt };
    const db = t.database.db;
    await db
      .updateTable('answers')
      .set({ value: '8' })
      .where('session_uuid', '=', k.uuid)
      .where('question_id', '=', 'q2')
      .execute();
    let said = (await check(receipt)).json().data;
    expect(said).toMatchObject({ signature: 'valid', stored: 'differs' });
    expect(said.differences).toEqual([{ question: 'q2', number: 2, change: 'changed' }]);
    await db.deleteFrom('answers').where('session_uuid', '=', k.uuid).where('question_id', '=', 'q1').execute();
    await db
      .insertInto('answers')
      .values({
        session_uuid: k.uuid,
        id: '00000000-0000-4000-8000-00000000e001',
        question_id: 'e1',
        value: '"Written later"',
        answered_at: t.clock.value,
        received_at: t.clock.value,
        late_ms: null,
      })
      .execute();
    said = (await check(receipt)).json().data;
    expect(said.differences).toEqual([
      { question: 'q1', number: 1, change: 'missing' },
      { question: 'q2', number: 2, change: 'changed' },
      { question: 'e1', number: 3, change: 'added' },
    ]);
  });

  it('refuses what this server did not sign, and still checks receipts of a retired key', async () => {
    const { k } = await finishedTaker('Cy');
    await finish(k);
    const { receipt } = (await receiptOf(k)).json().data as { receipt: Receipt };
    expect((await check({ ...receipt, score: 6 })).json().data).toMatchObject({ signature: 'invalid', stored: null });
    expect((await check({ ...receipt, kid: 'r-someone-else' })).json().data).toMatchObject({
      signature: 'unknown_key',
    });
    const retired = receipt.kid;
    const kid = await t.app.receiptKeys.rotate();
    const next = await finishedTaker('Di');
    await finish(next.k);
    const fresh = (await receiptOf(next.k)).json().data.receipt as Receipt;
    expect(fresh.kid).toBe(kid);
    expect((await check(receipt)).json().data.signature).toBe('valid');
    expect((await check(fresh)).json().data.signature).toBe('valid');
    const keys = (await call(null, { url: '/v1/public/receipt-keys' }))
      .json()
      .data.keys.map((key: { kid: string }) => key.kid);
    expect(keys).toEqual([kid, retired]);
    // The retired key signs no more: its private part is gone from the database.
    const row = await t.database.db
      .selectFrom('receipt_keys')
      .select('private_pem')
      .where('kid', '=', retired)
      .executeTakeFirst();
    expect(row?.private_pem).toBeNull();
    // Bad input changes nothing and says why.
    const before = await tableDigest(t.database.db);
    const bad = await check({ ...receipt, sig: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(await tableDigest(t.database.db)).toEqual(before);
  });

  it('leaves the answers a receipt covers as they were when a hand mark changes the score, and says so', async () => {
    const made = await assign(testId);
    const k = await startAs(made.code, 'Ed');
    await answer(k, [{ question_id: 'e1', value: 'Because.' }]);
    await finish(k);
    const { receipt } = (await receiptOf(k)).json().data as { receipt: Receipt };
    // Awaiting its mark: no score is signed.
    expect(receipt.score).toBeNull();
    const marked = await call('tutor', {
      method: 'PUT',
      url: `/v1/tutor/assignments/${made.id}/marks/${k.uuid}/e1`,
      payload: { points: 3 },
    });
    expect(marked.statusCode).toBe(200);
    expect((await check(receipt)).json().data).toMatchObject({ stored: 'matches', score_changed: false });

    // A corrected key, re-scored: the score changes, the answers the receipt covers do not.
    const scored = await finishedTaker('Fay');
    await finish(scored.k);
    const signed = (await receiptOf(scored.k)).json().data.receipt as Receipt;
    expect(signed.score).toBe(2);
    const corrected = structuredClone(draft);
    const q2 = corrected.blocks[0]?.questions[1] as { correct_number: number };
    q2.correct_number = 10;
    const current = await t.app.tutorTests.get(callers.users.tutor.id, testId);
    await t.app.tutorTests.save(callers.users.tutor.id, testId, current.revision, corrected);
    await t.app.tutorTests.publish(callers.users.tutor.id, testId);
    const rescored = await call('tutor', {
      method: 'POST',
      url: `/v1/tutor/assignments/${scored.made.id}/rescore`,
      payload: {},
    });
    expect(rescored.statusCode, rescored.body).toBe(200);
    expect((await check(signed)).json().data).toMatchObject({ stored: 'matches', score_changed: true, score_now: 1 });
  });

  it('puts an attempt taken without an account into one, on any device, with its receipt alone', async () => {
    const { k } = await finishedTaker('Gus');
    await finish(k);
    const { receipt } = (await receiptOf(k)).json().data as { receipt: Receipt };
    const claim = (who: 'student' | 'otherTutor', r: unknown) =>
      call(who, { method: 'POST', url: '/v1/profile/claim-attempt', payload: { receipt: r } });
    expect((await claim('student', { ...receipt, score: 9 })).statusCode).toBe(404);
    const res = await claim('student', receipt);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ uuid: k.uuid, status: 'finished' });
    const mine = (await call('student', { url: '/v1/profile/completed-tests' })).json().data;
    expect(mine.map((m: { uuid: string }) => m.uuid)).toContain(k.uuid);
    // Already in an account: nobody else's to take, the same answer as for a forged one.
    const other = await claim('otherTutor', receipt);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('This receipt does not name an attempt that can be put into your account');
    expect(
      (await call(null, { method: 'POST', url: '/v1/profile/claim-attempt', payload: { receipt } })).statusCode,
    ).toBe(401);
  });
});
