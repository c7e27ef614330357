/**
 * Removing attempts: one finished attempt by its tutor on the taker's request (with all kept of it,
 * logged without a name), and the nightly sweep of attempts older than ATTEMPTS_KEPT_DAYS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOldAttempts } from '../../services/sessions/retention-sweep.ts';
import { rowsNaming } from '../../test/every-row.ts';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';
import { oneBlockDraft } from '../../test/one-block-draft.ts';
import { takerCalls } from '../../test/taker-calls.ts';
import { type Callers, tutorCallers } from '../../test/tutor-callers.ts';

let t: TestApp;
let callers: Callers;
let testId = '';
const call: Callers['call'] = (who, options) => callers.call(who, options);
const { assign, startAs, answer, finish } = takerCalls(call, () => t.clock.value);
const en = (text: string) => ({ en: text });
const DAY = 86_400_000;

const draft = oneBlockDraft('Capitals', [
  {
    id: 'q1',
    type: 'single',
    points: 1,
    text: en('Capital of Poland?'),
    options: [
      { id: 'a', text: en('Warsaw') },
      { id: 'b', text: en('Kraków') },
    ],
    correct_option: 'a',
  },
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

describe(`removing attempts on ${dialectName}`, () => {
  it('removes one finished attempt on request with everything kept of it, and logs it without a name', async () => {
    const made = await assign(testId);
    const gone = await startAs(made.code, 'Wiktoria Nowakowska');
    const stays = await startAs(made.code, 'Bo');
    await answer(gone, [{ question_id: 'q1', value: 'a' }]);
    await answer(stays, [{ question_id: 'q1', value: 'b' }]);
    const remove = (who: 'tutor' | 'otherTutor', session: string) =>
      call(who, { method: 'DELETE', url: `/v1/tutor/assignments/${made.id}/attempts/${session}` });

    const before = await tableDigest(t.database.db);
    // Still running: refused, nothing changed.
    const running = await remove('tutor', gone.uuid);
    expect(running.statusCode).toBe(409);
    expect(running.json().message).toBe(
      'This attempt is still running: close the assignment or wait until it ends, then remove it',
    );
    expect((await remove('otherTutor', gone.uuid)).statusCode).toBe(404);
    expect(await tableDigest(t.database.db)).toEqual(before);

    await finish(gone);
    await finish(stays);
    const res = await remove('tutor', gone.uuid);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsNaming(t.database, ['Nowakowska', gone.uuid])).toEqual([]);
    const table = (await call('tutor', { url: `/v1/tutor/assignments/${made.id}/results` })).json().data.attempts;
    expect(table.map((a: { name: string }) => a.name)).toEqual(['Bo']);
    const changes = (await call('tutor', { url: `/v1/tutor/assignments/${made.id}/changes` })).json().data;
    expect(changes).toEqual([{ kind: 'removal', at: t.clock.value, session: null, name: null, detail: '{}' }]);
    // Gone is gone: a second removal finds nothing.
    expect((await remove('tutor', gone.uuid)).statusCode).toBe(404);
  });

  it('sweeps finished attempts older than the days kept, never a running one or a newer one', async () => {
    const made = await assign(testId, { closes_at: null });
    const old = await startAs(made.code, 'Old');
    await finish(old);
    const running = await startAs(made.code, 'Running');
    t.clock.advance(20 * DAY);
    const recent = await startAs(made.code, 'Recent');
    await finish(recent);
    t.clock.advance(11 * DAY);
    // 31 days after the old one finished, 11 after the recent one.
    expect(await sweepOldAttempts(t.database.db, { now: t.clock.value, keptDays: 0 })).toEqual({ removed: 0 });
    const kept = async () =>
      (
        await t.database.db
          .selectFrom('online_sessions')
          .select('uuid')
          .where('uuid', 'in', [old.uuid, running.uuid, recent.uuid])
          .execute()
      )
        .map((s) => s.uuid)
        .sort();
    expect(await kept()).toEqual([old.uuid, running.uuid, recent.uuid].sort());
    const swept = await sweepOldAttempts(t.database.db, { now: t.clock.value, keptDays: 30 });
    expect(swept.removed).toBeGreaterThanOrEqual(1);
    expect(await kept()).toEqual([running.uuid, recent.uuid].sort());
  });
});
