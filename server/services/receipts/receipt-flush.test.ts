/**
 * A stop stores the receipts its finishes left signing: a class finishes, the server stops at once
 * (app.close(), then the database closes, as server.ts does), and a server started again on the
 * same database finds every attempt's receipt stored, none left to be signed when a device asks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';
import { oneBlockDraft } from '../../test/one-block-draft.ts';
import { type Taker, takerCalls } from '../../test/taker-calls.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';

let t: TestApp;
let callers: Callers;
let testId = '';
let reopened: DatabaseHandle | undefined;
const call: Callers['call'] = (who, options) => callers.call(who, options);
const { assign, startAs, answer, finish } = takerCalls(call, () => t.clock.value);

const draft = oneBlockDraft('Receipts at a stop', [
  { id: 'q1', type: 'number', points: 1, text: { en: '3 × 3?' }, correct_number: 9, tolerance: 0 },
]);

beforeAll(async () => {
  t = await createTestApp();
  callers = await tutorCallers(t.app);
  testId = (await t.app.tutorTests.create(callers.users.tutor.id, 'en', draft)).id;
  await t.app.tutorTests.publish(callers.users.tutor.id, testId);
}, 60_000);

afterAll(async () => {
  await reopened?.close();
  await t?.close();
});

/** How many of `group`'s attempts have a receipt stored. */
async function storedOf(database: DatabaseHandle, group: Taker[]): Promise<number> {
  const uuids = group.map((k) => k.uuid);
  const row = await database.db
    .selectFrom('receipts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('session_uuid', 'in', uuids)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe(`receipts at a stop on ${dialectName}`, () => {
  it('stores the receipts of the finishes just answered before the database closes', async () => {
    const made = await assign(testId);
    const group: Taker[] = [];
    for (let n = 0; n < 40; n += 1) {
      const k = await startAs(made.code, `Taker ${n}`);
      expect((await answer(k, [{ question_id: 'q1', value: n }])).statusCode).toBe(200);
      group.push(k);
    }
    const finished = await Promise.all(group.map((k) => finish(k)));
    expect(finished.map((res) => res.statusCode)).toEqual(group.map(() => 200));

    // Stopped at once, nobody having asked for a receipt: stored by the time the app has closed
    // (a close that leaves them to race the database's closing stores some or none).
    await t.app.close();
    expect(await storedOf(t.database, group)).toBe(group.length);
    await t.database.close();

    reopened = t.database.reopen();
    expect(await storedOf(reopened, group)).toBe(group.length);
  });
});
