/**
 * Registering learning platforms: by hand (the manual form) and by LTI Dynamic Registration against a
 * platform written from the specification, only by the administrators LTI_ADMINS names; a
 * registration listed, turned off and on, given other deployments; the tool's addresses and its
 * configuration for Canvas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/accounts.ts';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';
import { TestPlatform } from '../../test/lti-platform.ts';

const PUBLIC_URL = 'https://zalik.example.org';
let t: TestApp;
let platform: TestPlatform;
let admin: string;
let tutor: string;

beforeAll(async () => {
  platform = await TestPlatform.start();
  t = await createTestApp({ env: { PUBLIC_URL, LTI_ADMINS: 'Admin@Example.com, other@example.com' } });
  admin = (await signedInUser(t.app, { email: 'admin@example.com', role: 'tutor', emailVerified: true })).token;
  tutor = (await signedInUser(t.app, { email: 'tutor@example.com', role: 'tutor', emailVerified: true })).token;
}, 60_000);

afterAll(async () => {
  await t?.close();
  await platform?.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe(`platform registrations on ${dialectName}`, () => {
  it('lets only a named administrator register by hand, list, and turn a registration off', async () => {
    expect((await call('POST', '/v1/lti/platforms', tutor, platform.form())).statusCode).toBe(403);
    expect((await call('GET', '/v1/lti/platforms', tutor)).json().message).toMatch(/administrators/);
    const made = await call('POST', '/v1/lti/platforms', admin, { ...platform.form(), client_id: 'manual-1' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({
      client_id: 'manual-1',
      enabled: true,
      source: 'manual',
      deployments: ['deployment-7'],
    });
    const twice = await call('POST', '/v1/lti/platforms', admin, { ...platform.form(), client_id: 'manual-1' });
    expect(twice.statusCode).toBe(409);
    const list = (await call('GET', '/v1/lti/platforms', admin)).json().data;
    expect(list.platforms.map((p: { client_id: string }) => p.client_id)).toContain('manual-1');
    expect(list.tool).toEqual({
      login_url: `${PUBLIC_URL}/v1/lti/login`,
      launch_url: `${PUBLIC_URL}/v1/lti/launch`,
      jwks_url: `${PUBLIC_URL}/v1/lti/jwks`,
      deep_linking_url: `${PUBLIC_URL}/v1/lti/launch`,
      canvas_configuration_url: `${PUBLIC_URL}/v1/lti/canvas.json`,
    });
    const id = made.json().data.id;
    const off = await call('PATCH', `/v1/lti/platforms/${id}`, admin, {
      enabled: false,
      deployments: ['d-1', 'deployment-7'],
    });
    expect(off.json().data).toMatchObject({ enabled: false, deployments: ['d-1', 'deployment-7'] });
    expect((await call('PATCH', '/v1/lti/platforms/nope', admin, { enabled: true })).statusCode).toBe(404);
  });

  it('refuses a form with plain http to another machine, a missing field or a deployment twice, field by field', async () => {
    const res = await call('POST', '/v1/lti/platforms', admin, {
      ...platform.form(['a', 'a']),
      client_id: ' ',
      jwks_url: 'http://lms.example.edu/jwks',
      login_url: 'not a url',
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(Object.keys(errors).sort()).toEqual(['client_id', 'deployments', 'jwks_url', 'login_url']);
    expect(errors.jwks_url[0]).toMatch(/https/);
    const uk = await t.app.inject({
      method: 'POST',
      url: '/v1/lti/platforms',
      payload: { ...platform.form(), issuer: 'ftp://x' },
      headers: { authorization: `Bearer ${admin}`, 'application-language': 'uk' },
    });
    expect(uk.json().errors.issuer[0]).toBe('Має бути адресою https://');
  });

  it('registers itself with a platform by dynamic registration, through a one-use address', async () => {
    const link = await call('POST', '/v1/lti/registration-links', admin);
    expect(link.statusCode).toBe(201);
    const url: string = link.json().data.url;
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/lti\\?register=[\\w-]{43}$`));
    const token = new URL(url).searchParams.get('register') as string;
    const register = (registration_token: string) =>
      call('POST', '/v1/lti/register', null, {
        token,
        openid_configuration: `${platform.origin}/.well-known/openid-configuration`,
        registration_token,
      });
    // The platform refuses a wrong registration token: nothing is kept, and the address may be tried again.
    const refused = await register('wrong');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/did not accept.*401/);
    const done = await register(platform.registrationToken);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json().data.platform).toEqual({
      name: `test-platform (${new URL(platform.origin).host})`,
      issuer: platform.issuer,
    });
    const seen = platform.registrations.at(-1);
    expect(seen?.authorization).toBe(`Bearer ${platform.registrationToken}`);
    expect(seen?.body).toMatchObject({
      application_type: 'web',
      response_types: ['id_token'],
      grant_types: ['implicit', 'client_credentials'],
      initiate_login_uri: `${PUBLIC_URL}/v1/lti/login`,
      redirect_uris: [`${PUBLIC_URL}/v1/lti/launch`],
      jwks_uri: `${PUBLIC_URL}/v1/lti/jwks`,
      token_endpoint_auth_method: 'private_key_jwt',
    });
    expect(String(seen?.body.scope)).toContain('https://purl.imsglobal.org/spec/lti-ags/scope/score');
    const kept = (await call('GET', '/v1/lti/platforms', admin))
      .json()
      .data.platforms.find((p: { source: string }) => p.source === 'dynamic');
    expect(kept).toMatchObject({
      issuer: platform.issuer,
      client_id: platform.clientId,
      login_url: platform.authUrl,
      jwks_url: platform.jwksUrl,
      deployments: [platform.deploymentId],
      enabled: true,
    });
    // Used once.
    expect((await register(platform.registrationToken)).statusCode).toBe(403);
  });

  it('refuses a configuration that speaks for another host, or cannot be read', async () => {
    const url = (await call('POST', '/v1/lti/registration-links', admin)).json().data.url;
    const token = new URL(url).searchParams.get('register');
    const register = (openid_configuration: string) =>
      call('POST', '/v1/lti/register', null, { token, openid_configuration });
    platform.route('/other-issuer', (_req, _url, _body, res) =>
      platform.json(res, 200, { ...platform.openIdConfiguration(), issuer: 'https://lms.example.edu' }),
    );
    expect((await register(`${platform.origin}/other-issuer`)).json().message).toMatch(/\(issuer\)/);
    expect((await register(`${platform.origin}/missing`)).json().message).toMatch(/\(404\)/);
    expect((await register('http://lms.example.edu/config')).json().message).toMatch(/\(https\)/);
    expect((await register('http://127.0.0.1:1/config')).json().message).toMatch(/unreachable/);
  });

  it('serves its configuration for a Canvas developer key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/lti/canvas.json' });
    expect(res.statusCode).toBe(200);
    const config = res.json();
    expect(config).toMatchObject({
      title: 'Zalik',
      oidc_initiation_url: `${PUBLIC_URL}/v1/lti/login`,
      target_link_uri: `${PUBLIC_URL}/v1/lti/launch`,
      public_jwk_url: `${PUBLIC_URL}/v1/lti/jwks`,
    });
    expect(config.extensions[0].settings.placements.map((p: { placement: string }) => p.placement)).toEqual([
      'assignment_selection',
      'link_selection',
    ]);
  });
});
