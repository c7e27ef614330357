import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const preview = () => t.app.inject({ url: '/v1/public/lessons/fixture-sums' });
const start = () => t.app.inject({ method: 'POST', url: '/v1/public/lessons/fixture-sums/start', payload: {} });
const publish = (published: 0 | 1) =>
  t.database.db.updateTable('lessons').set({ published }).where('slug', '=', 'fixture-sums').execute();

describe(`a catalog lesson changed while the server runs, on ${dialectName}`, () => {
  it('reaches its page and its start within 2 s (each read once by a class, not once per taker)', async () => {
    expect((await preview()).statusCode).toBe(200);
    expect((await start()).statusCode).toBe(201);
    await publish(0);
    // Read a moment ago: what the class opened and started stays as it was for the rest of it.
    t.clock.advance(1_999);
    expect((await preview()).statusCode).toBe(200);
    expect((await start()).statusCode).toBe(201);
    t.clock.advance(1);
    const gone = await preview();
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toMatch(/lesson/i);
    expect((await start()).statusCode).toBe(404);
    await publish(1);
    t.clock.advance(2_000);
    expect((await preview()).statusCode).toBe(200);
    expect((await start()).statusCode).toBe(201);
  });
});
