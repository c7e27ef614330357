/**
 * Each answer says how long the server itself worked on it (Server-Timing `app;dur`, ms), so that a
 * benchmark can tell a start's own time from the time it waited to be read (bench/start-retry.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe(`the server's own time of each answer, on ${dialectName}`, () => {
  it('is said in Server-Timing, for a start, a refusal and a read alike', async () => {
    const answers = [
      await t.app.inject({ method: 'POST', url: '/v1/public/lessons/fixture-sums/start', payload: {} }),
      await t.app.inject({ method: 'POST', url: '/v1/public/lessons/no-such-lesson/start', payload: {} }),
      await t.app.inject({ url: '/v1/public/subjects/list' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([201, 404, 200]);
    for (const res of answers) expect(res.headers['server-timing']).toMatch(/^app;dur=\d+\.\d$/);
  });
});
