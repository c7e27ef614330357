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

/** The cookie a browser would keep from the start of the flow and send with its callback. */
function browserCookie(start: { headers: Record<string, unknown> }): string {
  const setCookie = String(start.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  return setCookie.split(';')[0] as string;
}

async function startFlow(role?: string, cookie?: string) {
  const start = await t.app.inject({
    url: `/v1/login/google${role ? `?role=${role}` : ''}`,
    headers: cookie ? { cookie } : {},
  });
  expect(start.statusCode, start.body).toBe(200);
  const redirect = start.json().data.redirect as string;
  expect(redirect.startsWith(provider.issuer)).toBe(true);
  return { redirect, cookie: browserCookie(start) };
}

async function signIn(login: string, role?: string) {
  const flow = await startFlow(role);
  const back = await signInAtDevProvider(flow.redirect, login, CALLBACK);
  const res = await t.app.inject({ url: `/v1/login/google/callback${back.search}`, headers: { cookie: flow.cookie } });
  return { res, back, cookie: flow.cookie };
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
    const { res, back, cookie } = await signIn('mykola');
    expect(res.statusCode).toBe(200);
    const replay = await t.app.inject({ url: `/v1/login/google/callback${back.search}`, headers: { cookie } });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/expired or was already used/);
    const forged = await t.app.inject({ url: '/v1/login/google/callback?code=abc&state=made-up', headers: { cookie } });
    expect(forged.statusCode).toBe(400);
    const denied = await t.app.inject({ url: '/v1/login/google/callback?error=access_denied' });
    expect(denied.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/v1/login/google/callback' })).statusCode).toBe(400);
  });

  it('refuses a callback in a browser other than the one that started the sign-in (login CSRF)', async () => {
    // The attacker starts a sign-in in their own browser and signs in at the provider as themselves,
    // then stops before their callback and sends its URL to the victim.
    const attacker = await startFlow();
    const back = await signInAtDevProvider(attacker.redirect, 'mallory', CALLBACK);
    // The victim's browser has no cookie of this flow, or one of a sign-in of its own.
    const victimOwn = await startFlow();
    for (const headers of [{}, { cookie: victimOwn.cookie }, { cookie: `${attacker.cookie.split('=')[0]}=garbage` }]) {
      const res = await t.app.inject({ url: `/v1/login/google/callback${back.search}`, headers });
      expect(res.statusCode, res.body).toBe(400);
    }
    const inPolish = await t.app.inject({
      url: `/v1/login/google/callback${back.search}`,
      headers: { 'application-language': 'pl' },
    });
    expect(inPolish.statusCode).toBe(400);
    // Nobody was signed in, and the flow cannot be finished later by its own browser either.
    expect(await t.database.db.selectFrom('auth_tokens').selectAll().execute()).toHaveLength(0);
    const late = await t.app.inject({
      url: `/v1/login/google/callback${back.search}`,
      headers: { cookie: attacker.cookie },
    });
    expect(late.statusCode).toBe(400);
    // A fresh flow in the attacker's own browser still works: the binding, not the provider, refused.
    const own = await startFlow(undefined, attacker.cookie);
    const ownBack = await signInAtDevProvider(own.redirect, 'mallory', CALLBACK);
    const ok = await t.app.inject({
      url: `/v1/login/google/callback${ownBack.search}`,
      headers: { cookie: own.cookie },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('says why another browser was refused in the user language, and never repeats what the provider said', async () => {
    const attacker = await startFlow();
    const back = await signInAtDevProvider(attacker.redirect, 'mallory', CALLBACK);
    const refused = await t.app.inject({
      url: `/v1/login/google/callback${back.search}`,
      headers: { 'application-language': 'uk' },
    });
    expect(refused.json().message).toBe('Цей вхід розпочато в іншому браузері: почніть вхід знову тут');
    const injected = '<b>Your account is locked</b> call +1-555-0100';
    const denied = await t.app.inject({
      url: `/v1/login/google/callback?error=access_denied&error_description=${encodeURIComponent(injected)}&state=x`,
      headers: { 'application-language': 'pl', cookie: attacker.cookie },
    });
    expect(denied.statusCode).toBe(400);
    expect(denied.json().message).toBe('Logowanie przez Google nie zostało dokończone. Spróbuj ponownie.');
    expect(denied.body).not.toContain('locked');
    expect(denied.body).not.toContain('access_denied');
  });

  it('takes an unconfirmed account from whoever registered it when the address owner signs in with the provider', async () => {
    // Someone registers with the owner's address and a password of their own, and never confirms.
    const squatter = await t.app.accounts.create({
      email: 'mykola@example.test',
      firstname: 'Squatter',
      lastname: 'Unknown',
      password: 'squatters-password',
      role: 'student',
      locale: 'en',
      timezone: 'UTC',
    });
    const held = await t.app.accounts.issueTokens(squatter);
    expect(
      (await t.app.inject({ url: '/v1/auth/session', headers: { authorization: `Bearer ${held.token}` } })).statusCode,
    ).toBe(200);
    // The owner signs in with the provider, which vouches for the address.
    const { res } = await signIn('mykola');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ id: squatter.id, email_verified: true });
    // The first person's sign-in, refresh token and password no longer open the account.
    const old = await t.app.inject({ url: '/v1/auth/session', headers: { authorization: `Bearer ${held.token}` } });
    expect(old.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/refresh',
      payload: { refresh_token: held.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'mykola@example.test', password: 'squatters-password' },
    });
    expect(login.statusCode).toBe(401);
    const row = await t.database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(await t.database.db.selectFrom('email_tokens').selectAll().execute()).toHaveLength(0);
    // The owner's own sign-in works.
    const mine = await t.app.inject({
      url: '/v1/auth/session',
      headers: { authorization: `Bearer ${res.json().data.token}` },
    });
    expect(mine.statusCode).toBe(200);
  });

  it('keeps the password of a confirmed account that the provider joins', async () => {
    const owner = await t.app.accounts.create({
      email: 'mykola@example.test',
      firstname: 'Mykola',
      lastname: 'Owner',
      password: 'owners-password-1',
      role: 'tutor',
      locale: 'uk',
      timezone: 'UTC',
      emailVerified: true,
    });
    const held = await t.app.accounts.issueTokens(owner);
    expect((await signIn('mykola')).res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/v1/auth/session', headers: { authorization: `Bearer ${held.token}` } })).statusCode,
    ).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'mykola@example.test', password: 'owners-password-1' },
    });
    expect(login.statusCode).toBe(200);
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
