import { assert } from 'superstruct';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionUser, TokenPair } from '../../../contract/index.ts';
import { FREE_ATTEMPTS, MAX_DELAY_MS } from '../../services/accounts/login-backoff.ts';
import { REGISTRATION } from '../../test/accounts.ts';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ content: null, env: { PUBLIC_URL: 'https://zalik.test' } });
});
afterEach(async () => {
  await t?.close();
});

const registration = { ...REGISTRATION, email: 'Olena.Koval@Example.com' };

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const register = (body: object = {}, lang = 'en') =>
  post('/v1/auth/register', { ...registration, ...body }, { 'application-language': lang });
const login = (email = registration.email, password = registration.password) =>
  post('/v1/auth/login', { email, password });
const session = (token: string) =>
  t.app.inject({ url: '/v1/auth/session', headers: { authorization: `Bearer ${token}` } });

async function signIn(): Promise<TokenPair> {
  const res = await login();
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  assert(data, TokenPair);
  return data;
}

describe(`accounts on ${dialectName}`, () => {
  it('registers with a hashed password and sends a confirmation mail in the request language', async () => {
    const res = await register({}, 'uk');
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json().data.user;
    assert(user, SessionUser);
    expect(user).toMatchObject({
      email: 'Olena.Koval@Example.com',
      role: 'student',
      locale: 'uk',
      email_verified: false,
    });
    const row = await t.database.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(row)).not.toContain('sunflower-42');
    expect(row.timezone).toBe('Europe/Kyiv');
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]?.to).toBe('Olena.Koval@Example.com');
    expect(t.mails[0]?.subject).toMatch(/Підтвердьте/);
    expect(t.mails[0]?.text).toMatch(/https:\/\/zalik\.test\/v1\/auth\/confirm-email\?token=[\w-]{43}/);
  });

  it('checks every field with messages in the request language and changes nothing', async () => {
    const before = await tableDigest(t.database.db);
    const res = await register(
      {
        email: 'nope',
        firstname: 'Ol',
        lastname: ' ',
        password: 'short',
        password_confirmation: 'other',
        accept_policy: 0,
      },
      'pl',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Sprawdź wprowadzone dane',
      errors: {
        email: ['Wartość nie jest poprawnym adresem e-mail'],
        firstname: ['To pole powinno mieć co najmniej 3 znaków'],
        lastname: ['Wartość jest wymagana'],
        password: ['To pole powinno mieć co najmniej 8 znaków'],
        password_confirmation: ['Hasła muszą być takie same'],
        accept_policy: ['Zaakceptuj regulamin i politykę prywatności'],
      },
    });
    const mismatch = await register({ password_confirmation: 'sunflower-43' });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['Passwords should match'] });
    for (const body of [{ role: 'admin' }, { email: 42 }, { extra: true }]) {
      expect((await register(body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await post('/v1/auth/register', [1, 2])).statusCode).toBe(422);
    expect(await tableDigest(t.database.db)).toEqual(before);
    expect(t.mails).toHaveLength(0);
  });

  it('keeps one account per address whatever its case', async () => {
    expect((await register()).statusCode).toBe(201);
    const again = await register({ email: 'olena.koval@example.COM' }, 'ru');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['Этот адрес уже зарегистрирован']);
    expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('signs in, and a wrong password reads the same as an unknown address', async () => {
    await register();
    const pair = await signIn();
    expect(pair.token).toMatch(/^[\w-]{43}$/);
    expect(pair.refresh_token).toMatch(/^[\w-]{43}$/);
    expect(pair.expires_at).toBe(t.clock.value + 3_600_000);
    expect(pair.user.email).toBe(registration.email);
    const stored = await t.database.db.selectFrom('auth_tokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(pair.token);
    const wrong = await login(registration.email, 'sunflower-00');
    const unknown = await login('nobody@example.com', 'sunflower-42');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect((await login('OLENA.KOVAL@example.com')).statusCode).toBe(200);
    expect((await post('/v1/auth/login', { email: 'x@y.z' })).statusCode).toBe(422);
  });

  it('answers the session for a live token only', async () => {
    await register();
    const pair = await signIn();
    const res = await session(pair.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: registration.email, firstname: 'Olena', email_verified: false });
    expect((await t.app.inject({ url: '/v1/auth/session' })).statusCode).toBe(401);
    expect((await session('not-a-token')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v1/auth/session', headers: { authorization: 'Basic abc' } })).statusCode).toBe(
      401,
    );
    t.clock.advance(3_600_001);
    expect((await session(pair.token)).statusCode).toBe(401);
  });

  it('keeps the language a signed-in user chooses, and refuses anything else unchanged', async () => {
    await register();
    const pair = await signIn();
    const change = (payload: unknown, headers: Record<string, string> = { authorization: `Bearer ${pair.token}` }) =>
      t.app.inject({ method: 'PATCH', url: '/v1/auth/session', payload: payload as object, headers });
    const res = await change({ locale: 'pl' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: registration.email, locale: 'pl' });
    expect((await session(pair.token)).json().data.locale).toBe('pl');

    const before = await tableDigest(t.database.db);
    for (const bad of [{ locale: 'de' }, { locale: 1 }, {}, { locale: 'uk', role: 'tutor' }]) {
      const refused = await change(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(422);
      expect(refused.json().message).toBeTruthy();
    }
    expect((await change({ locale: 'uk' }, {})).statusCode).toBe(401);
    expect((await change({ locale: 'uk' }, { authorization: 'Bearer nope' })).statusCode).toBe(401);
    expect(await tableDigest(t.database.db)).toEqual(before);
    expect((await session(pair.token)).json().data.locale).toBe('pl');
  });

  it('revokes on logout', async () => {
    await register();
    const pair = await signIn();
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { authorization: `Bearer ${pair.token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await session(pair.token)).statusCode).toBe(401);
    expect((await post('/v1/auth/refresh', { refresh_token: pair.refresh_token })).statusCode).toBe(401);
  });

  it('rotates refresh tokens, and a reused one revokes its whole family', async () => {
    await register();
    const first = await signIn();
    t.clock.advance(1000);
    const res = await post('/v1/auth/refresh', { refresh_token: first.refresh_token });
    expect(res.statusCode).toBe(200);
    const second = res.json().data as TokenPair;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await session(second.token)).statusCode).toBe(200);
    // The first refresh token again: stolen or replayed. Everything of that sign-in stops working.
    const reuse = await post('/v1/auth/refresh', { refresh_token: first.refresh_token });
    expect(reuse.statusCode).toBe(401);
    expect((await session(second.token)).statusCode).toBe(401);
    expect((await post('/v1/auth/refresh', { refresh_token: second.refresh_token })).statusCode).toBe(401);
    // Another sign-in is another family and unaffected.
    const other = await signIn();
    expect((await session(other.token)).statusCode).toBe(200);
    expect((await post('/v1/auth/refresh', {})).statusCode).toBe(422);
  });

  it('confirms the address once through the mailed link', async () => {
    await register();
    const link = /https:\/\/zalik\.test(\/v1\/auth\/confirm-email\?token=[\w-]+)/.exec(t.mails[0]?.text ?? '')?.[1];
    expect(link).toBeDefined();
    const first = await t.app.inject({ url: link as string });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('https://zalik.test/en/account?email=confirmed');
    const pair = await signIn();
    expect((await session(pair.token)).json().data.email_verified).toBe(true);
    const again = await t.app.inject({ url: link as string });
    expect(again.headers.location).toBe('https://zalik.test/en/account?email=already-confirmed');
    const json = await t.app.inject({ url: `${link}&format=json` });
    expect(json.statusCode).toBe(409);
    const bogus = await t.app.inject({ url: '/v1/auth/confirm-email?token=abc&format=json' });
    expect(bogus.statusCode).toBe(404);
  });

  it('resends the confirmation to a signed-in, unconfirmed account', async () => {
    await register();
    const pair = await signIn();
    const auth = { authorization: `Bearer ${pair.token}` };
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/resend-confirmation' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/resend-confirmation', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(t.mails).toHaveLength(2);
    const link = /(\/v1\/auth\/confirm-email\?token=[\w-]+)/.exec(t.mails[1]?.text ?? '')?.[1] as string;
    expect((await t.app.inject({ url: `${link}&format=json` })).statusCode).toBe(200);
    const done = await t.app.inject({ method: 'POST', url: '/v1/auth/resend-confirmation', headers: auth });
    expect(done.statusCode).toBe(409);
  });

  it('stops guessing from one address without locking the owner out from another', async () => {
    await register();
    const from = (ip: string, email = registration.email, password = registration.password) =>
      t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password }, remoteAddress: ip });
    // Slow enough that the account's own delays never stand in the way: this is the per-address limit.
    for (let i = 0; i < 10; i++) {
      expect((await from('198.51.100.7', registration.email, `wrong-pass-${i}`)).statusCode).toBe(401);
      t.clock.advance(MAX_DELAY_MS);
    }
    const limited = await from('198.51.100.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many attempts/);
    // Another address from the same IP still gets through until the IP's own limit.
    expect((await from('198.51.100.7', 'someone@example.com', 'whatever-1')).statusCode).toBe(401);
    // The owner, elsewhere, signs in within the same window.
    expect((await from('203.0.113.9')).statusCode).toBe(200);
    t.clock.advance(10 * 60_000 + 1);
    expect((await from('198.51.100.7')).statusCode).toBe(200);
  });

  it('slows guessing at one account from many addresses with growing delays, never a lock', async () => {
    await register();
    let ip = 0;
    const from = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email, password },
        remoteAddress: `10.1.${Math.floor(++ip / 250)}.${ip % 250}`,
      });
    for (let i = 0; i < FREE_ATTEMPTS; i++)
      expect((await from(registration.email, `wrong-password-${i}`)).statusCode).toBe(401);
    let waited = 0;
    for (const expected of [1, 2, 4, 8]) {
      const held = await from(registration.email, 'wrong-password-again');
      expect(held.statusCode).toBe(429);
      expect(Number(held.headers['retry-after'])).toBe(expected);
      // Held back attempts do not count: the delay does not grow while callers wait.
      expect((await from(registration.email, 'wrong-password-again')).headers['retry-after']).toBe(String(expected));
      t.clock.advance(expected * 1000);
      waited += expected;
      expect((await from(registration.email, `wrong-password-after-${expected}`)).statusCode).toBe(401);
    }
    // An address nobody registered is held back the same way: the delays reveal no account.
    for (let i = 0; i < FREE_ATTEMPTS; i++)
      expect((await from('nobody@example.com', `wrong-password-${i}`)).statusCode).toBe(401);
    expect((await from('nobody@example.com', 'wrong-password')).statusCode).toBe(429);
    // The owner gets in once the current delay is over, and the count starts again.
    const held = await from(registration.email, registration.password);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(MAX_DELAY_MS / 1000);
    t.clock.advance(Number(held.headers['retry-after']) * 1000);
    expect((await from(registration.email, registration.password)).statusCode).toBe(200);
    expect((await from(registration.email, 'wrong-once-more')).statusCode).toBe(401);
    expect(waited).toBe(15);
  });
});
