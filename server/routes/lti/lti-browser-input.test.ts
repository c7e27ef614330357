/**
 * The routes a platform sends a browser to (the login initiation, by GET and by form, and the launch)
 * against generated bad input: a person is looking at each answer, so every one is a redirect to the
 * app's LTI page with the reason (never JSON, never a stack), and the database is exactly as before.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAUNCH_REFUSALS } from '../../../contract/lti.ts';
import { brokenBody, fuzzParams, hugeBody, nastyString, noiseHeaders, queryString } from '../../test/bad-input.ts';
import { createTestApp, dialectName, type TestApp, tableDigest } from '../../test/helpers.ts';

const PUBLIC_URL = 'https://zalik.example.org';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL, RATE_LIMIT_LOGIN_PER_IP: '100000000' } });
  // A registration whose logins could be started: the fuzz must not start one by chance either.
  await t.app.lti.platforms.add(
    {
      name: 'School',
      issuer: 'https://lms.example.edu',
      client_id: 'c1',
      login_url: 'https://lms.example.edu/auth',
      token_url: 'https://lms.example.edu/token',
      jwks_url: 'https://lms.example.edu/jwks',
      deployments: ['1'],
    },
    'manual',
    null,
    'en',
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const LOGIN = { iss: 'https://lms.example.edu', login_hint: 'u1', target_link_uri: `${PUBLIC_URL}/v1/lti/launch` };
const fields = fc.dictionary(
  fc.oneof(
    fc.constantFrom('iss', 'login_hint', 'target_link_uri', 'client_id', 'id_token', 'state', 'error', '__proto__'),
    fc.string({ maxLength: 12 }),
  ),
  nastyString,
  { maxKeys: 6 },
);
/** A login that is wrong in one way at least: a field missing, or replaced by something else. */
const wrongLogin = fc.oneof(
  fc.constantFrom('iss', 'login_hint', 'target_link_uri').map((gone) => {
    const { [gone as keyof typeof LOGIN]: _, ...rest } = LOGIN;
    return rest as Record<string, string>;
  }),
  fc.tuple(fc.constantFrom('iss', 'target_link_uri'), nastyString).map(([key, value]) => ({ ...LOGIN, [key]: value })),
  fields,
);

const form = (body: Record<string, string>) => new URLSearchParams(body).toString();

const requests: fc.Arbitrary<{ what: string; options: InjectOptions }> = fc
  .tuple(
    fc.oneof(
      wrongLogin.map((q) => ({
        what: `GET login ${JSON.stringify(q)}`,
        options: { url: `/v1/lti/login${queryString(q)}` },
      })),
      wrongLogin.map((b) => ({
        what: `POST login ${JSON.stringify(b)}`,
        options: {
          method: 'POST' as const,
          url: '/v1/lti/login',
          payload: form(b),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      })),
      fields.map((b) => ({
        what: `launch ${JSON.stringify(b)}`,
        options: {
          method: 'POST' as const,
          url: '/v1/lti/launch',
          payload: form(b),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
      })),
      fc
        .tuple(fc.constantFrom('/v1/lti/login', '/v1/lti/launch'), fc.oneof(brokenBody, hugeBody))
        .map(([url, body]) => ({
          what: `${url} with ${body.contentType} ${String(body.payload).slice(0, 60)}`,
          options: {
            method: 'POST' as const,
            url,
            payload: body.payload,
            headers: { 'content-type': body.contentType },
          },
        })),
    ),
    noiseHeaders,
  )
  .map(([request, noise]) => {
    const options: InjectOptions = request.options;
    return { ...request, options: { ...options, headers: { ...noise, ...options.headers } } };
  });

describe(`the LTI browser routes on ${dialectName}`, () => {
  it('answer any bad input with the app’s page saying why, and change nothing', async () => {
    const before = await tableDigest(t.database.db);
    const page = new RegExp(`^${PUBLIC_URL}/(uk|en|ru|pl)/lti\\?refused=(${LAUNCH_REFUSALS.join('|')})$`);
    await fc.assert(
      fc.asyncProperty(requests, async ({ what, options }) => {
        const res = await t.app.inject(options);
        expect([302, 303], `${what}\n${res.body.slice(0, 300)}`).toContain(res.statusCode);
        expect(String(res.headers.location), what).toMatch(page);
      }),
      fuzzParams(300),
    );
    expect(await tableDigest(t.database.db)).toEqual(before);
  }, 120_000);
});
