/**
 * Calls that take no body, sent the way many HTTP clients send them: `content-type: application/json`
 * and nothing after it. That used to be a 400 "not valid JSON", so a sign-out did nothing and its
 * token stayed valid.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/accounts.ts';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t?.close();
});

const JSON_HEADER = { 'content-type': 'application/json' };

async function signedIn(email = 'empty@example.com') {
  return signedInUser(t.app, { email, timezone: 'UTC' });
}

describe(`bodyless calls with a JSON content type, on ${dialectName}`, () => {
  it('signs out with an empty body, and the token stops working', async () => {
    for (const [i, payload] of ['', '  \n'].entries()) {
      const { token } = await signedIn(`empty-${i}@example.com`);
      const auth = { authorization: `Bearer ${token}` };
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/logout',
        payload,
        headers: { ...JSON_HEADER, ...auth },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await t.app.inject({ url: '/v1/auth/session', headers: auth })).statusCode).toBe(401);
    }
  });

  it('takes an empty body wherever a call needs none', async () => {
    const { token } = await signedIn();
    const auth = { authorization: `Bearer ${token}` };
    const start = await t.app.inject({
      method: 'POST',
      url: '/v1/public/lessons/fixture-sums/start',
      payload: '',
      headers: JSON_HEADER,
    });
    expect(start.statusCode, start.body).toBe(201);
    const s = start.json().data as { uuid: string; api_token: string };
    const finish = await t.app.inject({
      method: 'POST',
      url: `/v1/public/lessons/online/${s.uuid}/finish?api_token=${s.api_token}`,
      payload: '',
      headers: JSON_HEADER,
    });
    expect(finish.statusCode, finish.body).toBe(200);
    const resend = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/resend-confirmation',
      payload: '',
      headers: { ...JSON_HEADER, ...auth },
    });
    expect(resend.statusCode, resend.body).toBe(200);
  });

  it('answers a call that needs a body, sent without one, with the fields it lacks', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: '', headers: JSON_HEADER });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ refresh_token: ['Value is required'] });
    // Broken JSON is still broken.
    const broken = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: '{', headers: JSON_HEADER });
    expect(broken.statusCode).toBe(400);
  });
});
