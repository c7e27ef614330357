/** The tool's own signing keys: made on first use, published without their private parts, rotated with an overlap. */
import { compactVerify, createLocalJWKSet, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';
import { ToolKeys } from './tool-keys.ts';

let t: TestApp;
const DAY = 24 * 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe(`the tool's LTI keys on ${dialectName}`, () => {
  it('makes a key on first use, signs with it, and publishes only its public part', async () => {
    await t.database.db.deleteFrom('lti_keys').execute();
    let now = Date.UTC(2026, 10, 1);
    const keys = new ToolKeys(t.database.db, { now: () => now });
    const signing = await keys.signing();
    const set = await keys.jwks();
    expect(set.keys).toHaveLength(1);
    expect(set.keys[0]).toMatchObject({ kid: signing.kid, kty: 'RSA', alg: 'RS256', use: 'sig' });
    for (const part of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(set.keys[0]).not.toHaveProperty(part);
    const jws = await new SignJWT({ sub: 'x' })
      .setProtectedHeader({ alg: 'RS256', kid: signing.kid })
      .sign(signing.key);
    await expect(compactVerify(jws, createLocalJWKSet(set))).resolves.toBeTruthy();
    // The same key until it is old.
    now += 30 * DAY;
    expect((await keys.signing()).kid).toBe(signing.kid);
  });

  it('rotates after 90 days, publishing the old key for the overlap and then no more', async () => {
    await t.database.db.deleteFrom('lti_keys').execute();
    let now = Date.UTC(2026, 0, 1);
    const keys = new ToolKeys(t.database.db, { now: () => now });
    const first = (await keys.signing()).kid;
    now += 91 * DAY;
    const second = (await keys.signing()).kid;
    expect(second).not.toBe(first);
    expect((await keys.jwks()).keys.map((k) => k.kid)).toEqual([second, first]);
    now += 15 * DAY;
    expect((await keys.jwks()).keys.map((k) => k.kid)).toEqual([second]);
  });

  it('keeps every key made by two machines at once, the newer signing', async () => {
    await t.database.db.deleteFrom('lti_keys').execute();
    let now = Date.UTC(2026, 5, 1);
    const keys = new ToolKeys(t.database.db, { now: () => now });
    const [a, b] = await Promise.all([keys.rotate(), keys.rotate()]);
    const published = (await keys.jwks()).keys.map((k) => k.kid);
    expect(published.sort()).toEqual([a, b].sort());
    now += 1;
    const newest = await keys.rotate();
    expect((await keys.signing()).kid).toBe(newest);
    expect((await keys.jwks()).keys).toHaveLength(3);
  });
});

describe(`GET /v1/lti/jwks on ${dialectName}`, () => {
  it('answers the key set itself (no envelope), the same as the service publishes', async () => {
    const res = await t.app.inject({ url: '/v1/lti/jwks' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body).toEqual(await t.app.lti.keys.jwks());
    expect(body.keys.length).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toMatch(/"d":/);
  });
});
