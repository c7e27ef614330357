import { assert } from 'superstruct';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TokenPair } from '../../../contract/index.ts';
import { type DevProvider, startDevProvider } from '../../oidc/dev-provider.ts';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';
import { signInAtDevProvider } from '../../test/oidc-browser.ts';

const PUBLIC_URL = 'http://zalik.test';
const CALLBACK = `${PUBLIC_URL}/login/google/callback`;
let provider: DevProvider;
let t: TestApp;

beforeAll(async () => {
  provider = await startDevProvider({ redirectUris: [CALLBACK] });
});
afterAll(async () => {
  await provider?.close();
});
beforeEach(async () => {
  t = await createTestApp({
    content: null,
    env: {
      PUBLIC_URL,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    },
  });
});
afterEach(async () => {
  await t?.close();
});

async function signIn(login: string, role?: string) {
  const start = await t.app.inject({ url: `/v1/login/google${role ? `?role=${role}` : ''}` });
  expect(start.statusCode, start.body).toBe(200);
  const redirect = start.json().data.redirect as string;
  expect(redirect.startsWith(provider.issuer)).toBe(true);
  const back = await signInAtDevProvider(redirect, login, CALLBACK);
  const res = await t.app.inject({ url: `/v1/login/google/callback${back.search}` });
  return { res, back };
}

describe(`Google-type sign-in through a real OpenID provider, on ${dialectName}`, () => {
  it('sends the browser to the provider with PKCE, state and nonce', async () => {
    const start = await t.app.inject({ url: '/v1/login/google?role=tutor&locale=pl' });
    const url = new URL(start.json().data.redirect);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    const flow = await t.database.db.selectFrom('oidc_flows').selectAll().executeTakeFirstOrThrow();
    expect(flow).toMatchObject({ state: url.searchParams.get('state'), role: 'tutor', locale: 'pl' });
    expect((await t.app.inject({ url: '/v1/login/google?role=admin' })).statusCode).toBe(422);
  });

  it('creates a tutor account on a first sign-in, with the role chosen before it', async () => {
    const { res } = await signIn('mykola', 'tutor');
    expect(res.statusCode, res.body).toBe(200);
    const pair = res.json().data;
    assert(pair, TokenPair);
    expect(pair.user).toMatchObject({
      email: 'mykola@example.test',
      role: 'tutor',
      firstname: 'Mykola',
      email_verified: true,
    });
    const session = await t.app.inject({ url: '/v1/auth/session', headers: { authorization: `Bearer ${pair.token}` } });
    expect(session.json().data.role).toBe('tutor');
  });

  it('finds the same account again by the provider subject, and joins an existing verified address', async () => {
    const first = (await signIn('mykola', 'tutor')).res.json().data;
    const again = (await signIn('mykola', 'student')).res.json().data;
    expect(again.user.id).toBe(first.user.id);
    expect(again.user.role).toBe('tutor');
    await t.app.accounts.create({
      email: 'oksana@example.test',
      firstname: 'Oksana',
      lastname: 'Bilyk',
      password: 'pysanka-2024',
      role: 'student',
      locale: 'uk',
      timezone: 'UTC',
    });
    const joined = (await signIn('oksana')).res.json().data;
    expect(joined.user).toMatchObject({ email: 'oksana@example.test', role: 'student', lastname: 'Bilyk' });
    expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(2);
  });

  it('refuses a replayed or forged callback', async () => {
    const { res, back } = await signIn('mykola');
    expect(res.statusCode).toBe(200);
    const replay = await t.app.inject({ url: `/v1/login/google/callback${back.search}` });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/expired or was already used/);
    const forged = await t.app.inject({ url: '/v1/login/google/callback?code=abc&state=made-up' });
    expect(forged.statusCode).toBe(400);
    const denied = await t.app.inject({ url: '/v1/login/google/callback?error=access_denied' });
    expect(denied.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/v1/login/google/callback' })).statusCode).toBe(400);
  });
});

describe('without a configured provider', () => {
  it('answers 404 and says so in the auth config', async () => {
    const plain = await createTestApp({ content: null });
    try {
      expect((await plain.app.inject({ url: '/v1/login/google' })).statusCode).toBe(404);
      expect((await plain.app.inject({ url: '/v1/auth/config' })).json().data).toEqual({ google: false });
    } finally {
      await plain.close();
    }
  });
});
