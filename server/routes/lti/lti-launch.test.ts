/**
 * An LTI 1.3 launch through the app, against a platform written from the specifications: the login
 * initiation sends the browser to the platform with a state and nonce bound to it by a cookie; the
 * launch lands a learner in the assignment and an instructor in its monitor, as accounts tied to
 * (issuer, sub) and never joined to another by e-mail; every refusal (a replayed state, another
 * browser, a bad token, an unknown or turned-off platform, a target elsewhere, bad input) sends the
 * browser to the app's page saying why, and the log names the check without the token. A launch
 * for another target than its login's is refused and makes nothing; a platform's new key is taken
 * at its first launch, and tokens naming unknown keys make only a bounded number of key set reads.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAINEST_RULES } from '../../../contract/assignments.ts';
import { LTI } from '../../services/lti/id-token.ts';
import { LtiIdentities } from '../../services/lti/identities.ts';
import { MAX_REFETCHES, REFETCH_WINDOW_MS } from '../../services/lti/platform-keys.ts';
import { makeUser, TEST_PASSWORD } from '../../test/accounts.ts';
import { rowsNaming } from '../../test/every-row.ts';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';
import { cookieOf, form, handoffCodeIn, launchThrough, refusalIn } from '../../test/lti-launch.ts';
import { TestPlatform } from '../../test/lti-platform.ts';

const PUBLIC_URL = 'https://zalik.example.org';
const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';
let t: TestApp;
let platform: TestPlatform;
let platformId: string;
let assignment: { id: string; code: string };
const logLines: string[] = [];

beforeAll(async () => {
  platform = await TestPlatform.start();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    env: { PUBLIC_URL, LTI_ADMINS: 'admin@example.com' },
    logger: { level: 'warn', stream },
  });
  platformId = (await t.app.lti.platforms.add(platform.form(), 'manual', null, 'en')).id;
  // The course's teacher, as a first launch makes them, with an assignment linked to the course.
  const teacher = await new LtiIdentities(t.database.db, t.clock.now).accountFor(
    platform.issuer,
    { sub: 'teacher-7', name: 'Ivan Petrenko' },
    'tutor',
    'en',
  );
  const made = await t.app.assignments.create(teacher.id, 'en', { lesson_slug: 'fixture-sums', rules: PLAINEST_RULES });
  assignment = { id: made.id, code: made.code };
  await t.database.db
    .insertInto('lti_links')
    .values({
      assignment_id: made.id,
      platform_id: platformId,
      deployment_id: platform.deploymentId,
      context_id: 'course-9',
      context_title: 'Geography 9B',
      created_at: t.clock.value,
    })
    .execute();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await platform?.close();
});

/** A launch of the linked assignment; `change` alters its claims. */
const claimsFor =
  (change: (claims: Record<string, unknown>) => void = () => {}) =>
  (nonce: string) => {
    const claims = platform.launchClaims(nonce, t.clock.value);
    claims[`${LTI}custom`] = { zalik_assignment: assignment.id };
    change(claims);
    return claims;
  };
const launch = (change?: (claims: Record<string, unknown>) => void, options?: Parameters<typeof launchThrough>[4]) =>
  launchThrough(t.app, platform, PUBLIC_URL, claimsFor(change), options);
const landed = (location: string) => location.startsWith(`${PUBLIC_URL}/en/lti#`);
const redeem = (code: string) => t.app.inject({ method: 'POST', url: `/v1/lti/handoffs/${code}` });

describe(`an LTI launch on ${dialectName}`, () => {
  it('sends the login to the platform with the LTI request, a state and nonce, and a cross-site cookie', async () => {
    const { login } = await launch();
    const sent = new URL(String(login.headers.location));
    expect(`${sent.origin}${sent.pathname}`).toBe(platform.authUrl);
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: platform.clientId,
      redirect_uri: `${PUBLIC_URL}/v1/lti/launch`,
    });
    expect(sent.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(sent.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    const cookie = String(login.headers['set-cookie']);
    for (const part of ['HttpOnly', 'SameSite=None', 'Secure', 'Partitioned', 'Path=/v1/lti']) {
      expect(cookie).toContain(part);
    }
  });

  it('takes the login as a GET too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/lti/login?${new URLSearchParams({ iss: platform.issuer, login_hint: 'x', target_link_uri: `${PUBLIC_URL}/v1/lti/launch`, canvas_region: 'eu' })}`,
    });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toContain(platform.authUrl);
  });

  it('lands a learner in the assignment, signed in as an account made from the claims, once per code', async () => {
    const { launch: res, location } = await launch();
    expect(res.statusCode).toBe(303);
    expect(location.startsWith(`${PUBLIC_URL}/en/lti#`)).toBe(true);
    const first = await redeem(handoffCodeIn(location));
    expect(first.statusCode, first.body).toBe(200);
    const handoff = first.json().data;
    expect(handoff.destination).toEqual({ kind: 'assignment', code: assignment.code });
    expect(handoff.tokens.user).toMatchObject({ firstname: 'Olena', lastname: 'Koval', role: 'student' });
    const again = await redeem(handoffCodeIn(location));
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/used already|expired/);
    // The next launch of the same user is the same account.
    const next = (await redeem(handoffCodeIn((await launch()).location))).json().data;
    expect(next.tokens.user.id).toBe(handoff.tokens.user.id);
  });

  it('never joins an existing account by e-mail, nor lets the platform’s address sign in', async () => {
    const own = await makeUser(t.app, { email: 'mykola@example.edu', emailVerified: true });
    const { location } = await launch((c) => Object.assign(c, { sub: 'learner-99', email: 'mykola@example.edu' }));
    const launched = (await redeem(handoffCodeIn(location))).json().data;
    expect(launched.tokens.user.id).not.toBe(own.id);
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'mykola@example.edu', password: TEST_PASSWORD },
    });
    expect(login.json().data.user.id).toBe(own.id);
  });

  it('lands the instructor who made the assignment in its monitor, in the launch’s language', async () => {
    const { location } = await launch((c) =>
      Object.assign(c, {
        sub: 'teacher-7',
        [`${LTI}roles`]: [INSTRUCTOR],
        [`${LTI}launch_presentation`]: { locale: 'uk-UA', document_target: 'window' },
      }),
    );
    expect(location.startsWith(`${PUBLIC_URL}/uk/lti#`)).toBe(true);
    const handoff = (await redeem(handoffCodeIn(location))).json().data;
    expect(handoff).toMatchObject({ destination: { kind: 'monitor', assignment_id: assignment.id }, locale: 'uk' });
    expect(handoff.tokens.user.role).toBe('tutor');
  });

  it.each([
    ['another instructor of the course', { sub: 'teacher-8', [`${LTI}roles`]: [INSTRUCTOR] }, 'notOwner'],
    ['a learner launch of a teacher’s account', { sub: 'teacher-7' }, 'role'],
    ['a link to no assignment', { [`${LTI}custom`]: { zalik_assignment: 'nope' } }, 'link'],
    ['a link from another deployment', { [`${LTI}deployment_id`]: 'deployment-8' }, 'token'],
    ['a token with another nonce', { nonce: 'not-the-tools' }, 'token'],
    ['a token for another client', { aud: 'someone-else' }, 'token'],
  ])('refuses %s, sending the browser to the page that says why', async (_, change, refusal) => {
    const { launch: res, location } = await launch((c) => Object.assign(c, change));
    expect(res.statusCode).toBe(303);
    expect(location).toBe(`${PUBLIC_URL}/en/lti?refused=${refusal}`);
  });

  it('uses a state once, only in the browser that started it', async () => {
    const done = await launch();
    const replay = await t.app.inject({
      method: 'POST',
      url: '/v1/lti/launch',
      payload: form(done.posted).payload,
      headers: { ...form(done.posted).headers, cookie: done.cookie },
    });
    expect(refusalIn(String(replay.headers.location))).toBe('expired');
    expect(refusalIn((await launch(undefined, { cookie: null })).location)).toBe('cookies');
    const other = cookieOf((await launch()).login);
    expect(refusalIn((await launch(undefined, { cookie: other })).location)).toBe('cookies');
  });

  it('refuses a login from an unknown platform, for a target elsewhere, or with bad input, as a page', async () => {
    const login = (fields: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/v1/lti/login', ...form(fields) });
    const target = `${PUBLIC_URL}/v1/lti/launch`;
    const unknown = await login({ iss: 'https://other.example', login_hint: 'x', target_link_uri: target });
    expect(unknown.statusCode).toBe(303);
    expect(refusalIn(String(unknown.headers.location))).toBe('unknownPlatform');
    const away = await login({ iss: platform.issuer, login_hint: 'x', target_link_uri: 'https://evil.example/x' });
    expect(refusalIn(String(away.headers.location))).toBe('target');
    const bad = await login({ login_hint: 'x', target_link_uri: target });
    expect(refusalIn(String(bad.headers.location))).toBe('malformed');
    const twice = await t.app.inject({
      method: 'POST',
      url: '/v1/lti/login',
      payload: 'iss=a&iss=b&login_hint=x&target_link_uri=y',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refusalIn(String(twice.headers.location))).toBe('malformed');
    const error = await t.app.inject({ method: 'POST', url: '/v1/lti/launch', ...form({ error: 'login_required' }) });
    expect(error.statusCode).toBe(303);
    expect(refusalIn(String(error.headers.location))).toBe('platform');
  });

  it('refuses every login and launch of a registration turned off, also one under way', async () => {
    const hint = 'under-way';
    platform.expect(hint, claimsFor());
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/lti/login',
      ...form({ iss: platform.issuer, login_hint: hint, target_link_uri: `${PUBLIC_URL}/v1/lti/launch` }),
    });
    await t.app.lti.platforms.change(platformId, { enabled: false }, 'en');
    try {
      const answer = await platform.authorize(Object.fromEntries(new URL(String(login.headers.location)).searchParams));
      const { headers, payload } = form({ id_token: answer.id_token, state: answer.state });
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/lti/launch',
        payload,
        headers: { ...headers, cookie: cookieOf(login) },
      });
      expect(refusalIn(String(res.headers.location))).toBe('unknownPlatform');
      const { login: next } = await launch().catch(() => ({ login: null }));
      expect(next).toBeNull();
    } finally {
      await t.app.lti.platforms.change(platformId, { enabled: true }, 'en');
    }
  });

  it('logs each refusal by the check that failed, never the token', async () => {
    const { posted } = await launch((c) => Object.assign(c, { nonce: 'not-the-tools' }));
    const said = logLines.join('\n');
    expect(said).toMatch(/"lti":"token".*id_token: nonce/);
    const token = String(posted.id_token);
    expect(said).not.toContain(token);
    expect(said).not.toContain(token.split('.')[1]);
  });
});

describe(`an LTI launch’s target and the platform’s keys on ${dialectName}`, () => {
  const TARGET = `${LTI}target_link_uri`;

  it('refuses a launch whose target is not its login’s, in the launch’s language, and makes nothing', async () => {
    const before = await tableDigest(t.database.db);
    const elsewhere = await launch((c) =>
      Object.assign(c, {
        sub: 'learner-elsewhere',
        [TARGET]: `${PUBLIC_URL}/v1/lti/launch?next=/en/tutor`,
        [`${LTI}launch_presentation`]: { locale: 'pl-PL' },
      }),
    );
    expect(elsewhere.launch.statusCode).toBe(303);
    expect(elsewhere.location).toBe(`${PUBLIC_URL}/pl/lti?refused=targetChanged`);
    // The login named another target than the one the token carries.
    const other = await launch((c) => Object.assign(c, { sub: 'learner-elsewhere' }), {
      target: `${PUBLIC_URL}/v1/lti/launch?course=9`,
    });
    expect(other.location).toBe(`${PUBLIC_URL}/en/lti?refused=targetChanged`);
    // A deep linking request need not name a target; one that names another is refused too.
    const deep = await launchThrough(t.app, platform, PUBLIC_URL, (nonce) => ({
      ...platform.deepLinkingClaims(nonce, t.clock.value),
      sub: 'teacher-elsewhere',
      [TARGET]: `${PUBLIC_URL}/v1/lti/other`,
    }));
    expect(refusalIn(deep.location)).toBe('targetChanged');
    expect(await tableDigest(t.database.db)).toEqual(before);
    expect(await rowsNaming(t.database, ['learner-elsewhere', 'teacher-elsewhere'])).toEqual([]);
    expect(logLines.join('\n')).toMatch(/"lti":"targetChanged".*target_link_uri is not the login’s target/);
    // The same target in the login and the token, whatever it is, lands.
    const same = `${PUBLIC_URL}/v1/lti/launch?course=9`;
    const matching = await launch((c) => Object.assign(c, { [TARGET]: same }), { target: same });
    expect(landed(matching.location)).toBe(true);
  });

  it('takes a launch under the platform’s new key at once, each rotation with one read of its key set', async () => {
    expect(landed((await launch()).location)).toBe(true);
    for (const kid of ['platform-key-2', 'platform-key-3']) {
      const fetched = platform.fetches;
      await platform.rotate(kid);
      // Two learners at once under the new key: both land, on one read.
      const both = await Promise.all([launch(), launch()]);
      expect(both.map(({ location }) => landed(location))).toEqual([true, true]);
      expect(platform.fetches).toBe(fetched + 1);
    }
    // A token under the key before, still published, passes without a read.
    const fetched = platform.fetches;
    expect(landed((await launch(undefined, { signing: { kid: 'platform-key-2' } })).location)).toBe(true);
    expect(platform.fetches).toBe(fetched);
  });

  it('reads the key set for unknown kids at most a few times a minute, and once per kid', async () => {
    t.clock.advance(REFETCH_WINDOW_MS);
    const fetched = platform.fetches;
    const kids = Array.from({ length: 12 }, () => randomUUID());
    for (const kid of kids) {
      expect(refusalIn((await launch(undefined, { signing: { kid } })).location)).toBe('token');
    }
    expect(platform.fetches).toBe(fetched + MAX_REFETCHES);
    expect(logLines.join('\n')).toMatch(/id_token: unknownKey/);
    // A minute on: a kid read for already is not read for again; the platform's next key is.
    t.clock.advance(REFETCH_WINDOW_MS);
    expect(refusalIn((await launch(undefined, { signing: { kid: kids[0] } })).location)).toBe('token');
    expect(platform.fetches).toBe(fetched + MAX_REFETCHES);
    await platform.rotate('platform-key-4');
    expect(landed((await launch()).location)).toBe(true);
    expect(platform.fetches).toBe(fetched + MAX_REFETCHES + 1);
  });
});
