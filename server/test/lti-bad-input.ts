/**
 * The LTI endpoints in the bad-input tests (server/routes/bad-input.test.ts): what each takes when
 * valid, and what it names (a platform registered by hand, a deep linking request of the tutor's).
 * The routes a platform sends a browser to answer bad input with a page, not JSON: they have tests
 * of their own (server/routes/lti/lti-browser-input.test.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Struct } from 'superstruct';
import { PLAINEST_RULES } from '../../contract/assignments.ts';
import { DynamicRegistration, PlatformChange, PlatformForm } from '../../contract/lti.ts';
import type { TestApp } from './helpers.ts';

export const BROWSER_ROUTES = ['GET /v1/lti/login', 'POST /v1/lti/login', 'POST /v1/lti/launch'];

const FORM = {
  name: 'School platform',
  issuer: 'https://lms.example.edu',
  client_id: 'bad-input-client',
  login_url: 'https://lms.example.edu/auth',
  token_url: 'https://lms.example.edu/token',
  jwks_url: 'https://lms.example.edu/jwks',
  deployments: ['1'],
};

export async function ltiContext(t: TestApp, tutorId: string): Promise<{ platform: string; deepLink: string }> {
  const platform = (await t.app.lti.platforms.add(FORM, 'manual', tutorId, 'en')).id;
  const deepLink = randomUUID();
  await t.database.db
    .insertInto('lti_deep_links')
    .values({
      id: deepLink,
      user_id: tutorId,
      platform_id: platform,
      deployment_id: '1',
      context_id: null,
      context_title: null,
      return_url: 'https://lms.example.edu/return',
      data: null,
      expires_at: t.clock.value + 365 * 24 * 3_600_000,
      used_at: null,
    })
    .execute();
  return { platform, deepLink };
}

type SchemaOf = (struct: unknown) => Record<string, Struct<unknown, unknown>>;

export function ltiEndpoints(
  c: { lti: { platform: string; deepLink: string }; assignment: { id: string } },
  schemaOf: SchemaOf,
) {
  return [
    {
      name: 'lti roster',
      method: 'GET',
      path: '/v1/tutor/assignments/:id/roster',
      params: { id: c.assignment.id },
      fields: { id: (v: unknown) => v === c.assignment.id },
      bearer: 'tutor',
    },
    { name: 'lti canvas configuration', method: 'GET', path: '/v1/lti/canvas.json' },
    // An unknown code, a used registration address: even a body that passes is refused.
    { name: 'lti handoff', method: 'POST', path: '/v1/lti/handoffs/:code', params: { code: 'a'.repeat(43) } },
    {
      name: 'lti register',
      method: 'POST',
      path: '/v1/lti/register',
      body: {
        token: 'b'.repeat(43),
        openid_configuration: 'https://lms.example.edu/.well-known/openid-configuration',
        registration_token: 'x',
      },
      requiredBody: ['token', 'openid_configuration'],
      fields: schemaOf(DynamicRegistration),
    },
    { name: 'lti platforms', method: 'GET', path: '/v1/lti/platforms', bearer: 'tutor' },
    {
      name: 'lti add platform',
      method: 'POST',
      path: '/v1/lti/platforms',
      // Registered already: a body that passes is still refused (409).
      body: FORM,
      requiredBody: Object.keys(FORM),
      fields: schemaOf(PlatformForm),
      freshBody: () => ({ ...FORM, client_id: randomUUID() }),
      bearer: 'tutor',
    },
    {
      name: 'lti change platform',
      method: 'PATCH',
      path: '/v1/lti/platforms/:id',
      params: { id: c.lti.platform },
      body: { name: 'School platform' },
      fields: { ...schemaOf(PlatformChange), id: (v: unknown) => v === c.lti.platform },
      bearer: 'tutor',
    },
    { name: 'lti registration link', method: 'POST', path: '/v1/lti/registration-links', bearer: 'tutor' },
    {
      name: 'lti deep link',
      method: 'GET',
      path: '/v1/lti/deep-links/:id',
      params: { id: c.lti.deepLink },
      fields: { id: (v: unknown) => v === c.lti.deepLink },
      bearer: 'tutor',
    },
    {
      name: 'lti complete deep link',
      method: 'POST',
      path: '/v1/lti/deep-links/:id',
      params: { id: c.lti.deepLink },
      body: { lesson_slug: 'fixture-sums', rules: PLAINEST_RULES },
      requiredBody: ['rules'],
      fields: { id: (v: unknown) => v === c.lti.deepLink },
      bearer: 'tutor',
    },
  ] as const;
}
