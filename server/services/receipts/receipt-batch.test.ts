/**
 * The receipts of a class's finishes, signed together off the finishes' requests: every statement
 * the database runs is counted, so that a finish shown to read or write a receipt of its own fails
 * here; the receipts are then each the same every time, and verify; the key is held in memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '../../../contract/receipts.ts';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';
import { oneBlockDraft } from '../../test/one-block-draft.ts';
import { type Taker, takerCalls } from '../../test/taker-calls.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';
import { latestAnswersOf } from '../sessions/finish-answers.ts';
import { RECEIPT_KEY_RECHECK_MS, ReceiptKeys } from './receipt-keys.ts';

let t: TestApp;
let callers: Callers;
let testId = '';
const statements: string[] = [];
const call: Callers['call'] = (who, options) => callers.call(who, options);
const { assign, startAs, answer, finish } = takerCalls(call, () => t.clock.value);
const en = (text: string) => ({ en: text });

const draft = oneBlockDraft('Batched receipts', [
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
]);

beforeAll(async () => {
  t = await createTestApp({ onStatement: (sql) => statements.push(sql) });
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
/** Statements that name a receipt's table (`receipts`, `receipt_keys`). */
const aboutReceipts = (sql: string) => /\breceipts?\b|"receipts"|receipt_keys/.test(sql);
/** The finish writer's one update a commit. */
const finishCommits = (sql: string) => /^update "online_sessions" set "status"/.test(sql);

async function takers(code: string, count: number, prefix: string): Promise<Taker[]> {
  const all: Taker[] = [];
  for (let n = 0; n < count; n += 1) {
    const k = await startAs(code, `${prefix} ${n}`);
    const given = [
      { question_id: 'q1', value: n % 2 === 0 ? 'a' : 'b' },
      { question_id: 'q2', value: 10 + n },
    ];
    expect((await answer(k, given)).statusCode).toBe(200);
    all.push(k);
  }
  return all;
}

/** Until the receipts this process is signing for `class` are stored. */
const signed = (group: Taker[]) => Promise.all(group.map((k) => t.app.receipts.batch.signing(k.uuid)));

describe(`receipts signed in batches on ${dialectName}`, () => {
  it('signs a class’s finishes together: no receipt read or write per finish, and each receipt verifies', async () => {
    const made = await assign(testId);
    // A first finish and its receipt make the signing key.
    const [first] = await takers(made.code, 1, 'First');
    await finish(first as Taker);
    expect((await receiptOf(first as Taker)).statusCode).toBe(200);
    // More than one slice of signatures (SIGNED_A_TURN) in a batch.
    const group = await takers(made.code, 40, 'Taker');
    statements.length = 0;
    const finished = await Promise.all(group.map((k) => finish(k)));
    expect(finished.map((res) => res.statusCode)).toEqual(group.map(() => 200));
    await signed(group);
    const receiptStatements = statements.filter(aboutReceipts);
    const commits = statements.filter(finishCommits).length;
    expect(commits).toBeGreaterThan(0);
    // At most one statement a finish commit (its receipts' insert), none of them a read, no key read.
    expect(receiptStatements.length, receiptStatements.join('\n')).toBeLessThanOrEqual(commits);
    expect(receiptStatements.every((sql) => sql.startsWith('insert into "receipts"'))).toBe(true);

    for (const [n, k] of group.entries()) {
      const res = await receiptOf(k);
      expect(res.statusCode, res.body).toBe(200);
      const { receipt, code } = res.json().data as { receipt: Receipt; code: string };
      expect(receipt).toMatchObject({
        attempt: k.uuid,
        assignment: made.code,
        answers: { count: 2 },
        score: n % 2 === 0 ? 1 : 0,
        max_score: 2,
      });
      expect((await receiptOf(k)).json().data).toEqual({ receipt, code });
      expect((await check(receipt)).json().data).toMatchObject({ signature: 'valid', stored: 'matches' });
    }
  });

  it('hands a receipt asked for at once after the finish the one its batch stores, and stores it once', async () => {
    const made = await assign(testId);
    const group = await takers(made.code, 4, 'Quick');
    const asked = await Promise.all(
      group.map(async (k) => {
        expect((await finish(k)).statusCode).toBe(200);
        return receiptOf(k);
      }),
    );
    for (const [n, k] of group.entries()) {
      const res = asked[n];
      expect(res?.statusCode, res?.body).toBe(200);
      expect((await receiptOf(k)).json().data).toEqual(res?.json().data);
      const rows = await t.database.db.selectFrom('receipts').selectAll().where('session_uuid', '=', k.uuid).execute();
      expect(rows).toHaveLength(1);
    }
  });

  it('keeps the receipt stored first when another machine signed the attempt before its batch', async () => {
    const made = await assign(testId);
    const [k] = (await takers(made.code, 1, 'Elsewhere')) as [Taker];
    await finish(k);
    const stored = (await receiptOf(k)).json().data;
    const row = await t.database.db
      .selectFrom('online_sessions')
      .selectAll()
      .where('uuid', '=', k.uuid)
      .executeTakeFirstOrThrow();
    const answers = await t.database.db.selectFrom('answers').selectAll().where('session_uuid', '=', k.uuid).execute();
    expect(answers).toHaveLength((await latestAnswersOf(t.database.db, k.uuid)).length);
    // Signed later, a second time (a second of the clock on): the batch answers with the first.
    t.clock.advance(1_000);
    t.app.receipts.batch.take([{ row, answers }]);
    expect(await t.app.receipts.batch.signing(k.uuid)).toEqual(stored);
    expect((await receiptOf(k)).json().data).toEqual(stored);
  });

  it('holds the signing key in memory, and signs with another machine’s new key once it looks again', async () => {
    const made = await assign(testId);
    const before = await takers(made.code, 2, 'Held');
    statements.length = 0;
    for (const k of before) await finish(k);
    await signed(before);
    expect(statements.filter((sql) => sql.includes('receipt_keys'))).toEqual([]);
    const kidOf = async (k: Taker) => ((await receiptOf(k)).json().data.receipt as Receipt).kid;
    const oldKid = await kidOf(before[0] as Taker);

    // Another machine over the same database rotates the key.
    const elsewhere = new ReceiptKeys(t.database.db, { now: t.clock.now });
    const newKid = await elsewhere.rotate();
    const after = await takers(made.code, 2, 'Rotated');
    t.clock.advance(RECEIPT_KEY_RECHECK_MS);
    statements.length = 0;
    for (const k of after) await finish(k);
    await signed(after);
    // One read of the key for both finishes, and the new key signs.
    expect(statements.filter((sql) => sql.includes('receipt_keys'))).toHaveLength(1);
    expect(await kidOf(after[0] as Taker)).toBe(newKid);
    expect(await kidOf(after[1] as Taker)).toBe(newKid);
    expect(newKid).not.toBe(oldKid);
  });
});
