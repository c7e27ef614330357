/**
 * The launch's id_token checks against a platform written from the specifications: a good launch and
 * a deep linking request pass; each of the tool certification's negative cases (a claim wrong or
 * missing, a bad signature, an unknown key, `alg: none`, HS256, an expired or future token, a
 * replayed nonce) is refused, naming what was wrong; a rotated platform key is fetched again.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestPlatform } from '../../test/lti-platform.ts';
import { checkIdToken, type LaunchProblem, LTI, LTI_DL, type PlatformRegistration } from './id-token.ts';
import { PlatformKeySets, platformUrlProblem } from './platform-keys.ts';

let platform: TestPlatform;
let registration: PlatformRegistration;
const NOW = Date.UTC(2026, 10, 29, 9, 0);
const NONCE = 'nonce-of-this-browser';

beforeAll(async () => {
  platform = await TestPlatform.start();
  registration = {
    issuer: platform.issuer,
    clientId: platform.clientId,
    deployments: [platform.deploymentId],
    keys: new PlatformKeySets(() => NOW).for(platform.jwksUrl),
  };
});

afterAll(async () => {
  await platform?.close();
});

const refusal = async (
  token: string,
  nonce = NONCE,
  now = NOW,
  against = registration,
): Promise<LaunchProblem | 'accepted'> => {
  try {
    await checkIdToken(token, against, nonce, now);
    return 'accepted';
  } catch (error) {
    return (error as { problem?: LaunchProblem }).problem ?? (String(error) as never);
  }
};
const launch = (change: (claims: Record<string, unknown>) => void = () => {}) => {
  const claims = platform.launchClaims(NONCE, NOW);
  change(claims);
  return platform.sign(claims);
};
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('an LTI launch’s id_token', () => {
  it('passes for a resource link launch, giving its subject, deployment, roles and claims', async () => {
    const checked = await checkIdToken(await launch(), registration, NONCE, NOW);
    expect(checked).toMatchObject({
      messageType: 'LtiResourceLinkRequest',
      subject: 'learner-42',
      deploymentId: 'deployment-7',
      roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
    });
    expect(checked.claims[`${LTI}context`]).toEqual({ id: 'course-9', title: 'Geography 9B' });
  });

  it('passes for a deep linking request, and for several audiences when the tool is the authorized party', async () => {
    const deep = await platform.sign(platform.deepLinkingClaims(NONCE, NOW));
    expect((await checkIdToken(deep, registration, NONCE, NOW)).messageType).toBe('LtiDeepLinkingRequest');
    expect(
      await refusal(
        await launch((c) => Object.assign(c, { aud: [platform.clientId, 'other'], azp: platform.clientId })),
      ),
    ).toBe('accepted');
    // A minute of leeway either way.
    expect(await refusal(await launch(), NONCE, NOW + 5 * 60_000 + 50_000)).toBe('accepted');
  });

  const cases: [string, (claims: Record<string, unknown>) => void, LaunchProblem][] = [
    ['another issuer', (c) => Object.assign(c, { iss: 'https://evil.example' }), 'issuer'],
    ['another client', (c) => Object.assign(c, { aud: 'someone-else' }), 'audience'],
    [
      'several audiences without azp',
      (c) => Object.assign(c, { aud: [platform.clientId, 'other'] }),
      'authorizedParty',
    ],
    ['azp naming another client', (c) => Object.assign(c, { azp: 'other' }), 'authorizedParty'],
    ['no exp', (c) => delete c.exp, 'malformed'],
    ['no iat', (c) => delete c.iat, 'issuedAt'],
    ['no nonce', (c) => delete c.nonce, 'malformed'],
    ['another nonce', (c) => Object.assign(c, { nonce: 'replayed' }), 'nonce'],
    ['an unknown deployment', (c) => Object.assign(c, { [`${LTI}deployment_id`]: 'deployment-8' }), 'deployment'],
    ['no deployment', (c) => delete c[`${LTI}deployment_id`], 'deployment'],
    [
      'another message type',
      (c) => Object.assign(c, { [`${LTI}message_type`]: 'LtiSubmissionReviewRequest' }),
      'messageType',
    ],
    ['no message type', (c) => delete c[`${LTI}message_type`], 'messageType'],
    ['version 1.1', (c) => Object.assign(c, { [`${LTI}version`]: '1.1' }), 'version'],
    ['no version', (c) => delete c[`${LTI}version`], 'version'],
    ['no roles', (c) => delete c[`${LTI}roles`], 'roles'],
    ['roles not a list', (c) => Object.assign(c, { [`${LTI}roles`]: 'Learner' }), 'roles'],
    ['no subject', (c) => delete c.sub, 'subject'],
    ['no resource link', (c) => delete c[`${LTI}resource_link`], 'resourceLink'],
    [
      'a resource link without id',
      (c) => Object.assign(c, { [`${LTI}resource_link`]: { title: 'Quiz' } }),
      'resourceLink',
    ],
    ['no target link', (c) => delete c[`${LTI}target_link_uri`], 'targetLink'],
  ];
  it.each(cases)('refuses %s', async (_name, change, problem) => {
    expect(await refusal(await launch(change))).toBe(problem);
  });

  it('refuses a deep linking request without its return URL', async () => {
    const claims = platform.deepLinkingClaims(NONCE, NOW);
    claims[`${LTI_DL}deep_linking_settings`] = { accept_types: ['ltiResourceLink'] };
    expect(await refusal(await platform.sign(claims))).toBe('deepLinkSettings');
  });

  it('refuses a token expired, issued in the future, or older than ten minutes', async () => {
    expect(await refusal(await launch(), NONCE, NOW + 5 * 60_000 + 61_000)).toBe('expired');
    expect(await refusal(await launch(), NONCE, NOW - 2 * 60_000)).toBe('issuedAt');
    const old = await launch((c) => Object.assign(c, { exp: Math.floor(NOW / 1000) + 3600 }));
    // Ten minutes after its iat a token is too old, whatever its exp says.
    expect(await refusal(old, NONCE, NOW + 12 * 60_000)).toBe('expired');
    expect(await refusal(old, NONCE, NOW + 9 * 60_000)).toBe('accepted');
  });

  it('refuses a forged signature, an unknown key, alg none, HS256, a changed payload and garbage', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const claims = platform.launchClaims(NONCE, NOW);
    expect(await refusal(await platform.sign(claims, { key: privateKey }))).toBe('signature');
    expect(await refusal(await platform.sign(claims, { kid: 'no-such-key', key: privateKey }))).toBe('unknownKey');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect(await refusal(none)).toBe('algorithm');
    const header = b64({ alg: 'HS256', typ: 'JWT', kid: 'platform-key-1' });
    const body = b64(claims);
    const mac = createHmac('sha256', 'a-shared-secret').update(`${header}.${body}`).digest('base64url');
    expect(await refusal(`${header}.${body}.${mac}`)).toBe('algorithm');
    const [h, , s] = (await platform.sign(claims)).split('.');
    expect(await refusal(`${h}.${b64({ ...claims, sub: 'teacher-1' })}.${s}`)).toBe('signature');
    expect(await refusal('not.a.jwt')).toBe('malformed');
    expect(await refusal(randomUUID())).toBe('malformed');
  });

  it('follows the platform’s key rotation: a token under a new key fetches the set again', async () => {
    expect(await refusal(await launch())).toBe('accepted');
    const before = platform.fetches;
    await platform.rotate('platform-key-2');
    expect(await refusal(await launch())).toBe('accepted');
    expect(platform.fetches).toBe(before + 1);
    // A token under the old key still passes while the platform publishes it; a key it never had does not.
    const claims = platform.launchClaims(NONCE, NOW);
    expect(await refusal(await platform.sign(claims, { kid: 'platform-key-1' }))).toBe('accepted');
    const stranger = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'no-such-key' })
      .sign((await generateKeyPair('RS256')).privateKey);
    expect(await refusal(stranger)).toBe('unknownKey');
  });

  it('reads a set once for a token under an unknown kid when it had none kept', async () => {
    const keys = new PlatformKeySets(() => NOW).for(platform.jwksUrl);
    const before = platform.fetches;
    const token = await platform.sign(platform.launchClaims(NONCE, NOW), { kid: 'never-published' });
    expect(await refusal(token, NONCE, NOW, { ...registration, keys })).toBe('unknownKey');
    expect(platform.fetches).toBe(before + 1);
  });

  it('refuses a launch whose platform’s key set cannot be read, naming that', async () => {
    const token = await launch();
    for (const address of [`${platform.origin}/no-key-set`, `${platform.origin}/.well-known/openid-configuration`]) {
      const keys = new PlatformKeySets(() => NOW).for(address);
      await expect(checkIdToken(token, { ...registration, keys }, NONCE, NOW)).rejects.toMatchObject({
        problem: 'keySet',
      });
    }
  });

  it('fetches a key set only over https, or plain http to this machine', () => {
    expect(platformUrlProblem('https://lms.example.edu/jwks')).toBeNull();
    expect(platformUrlProblem('http://127.0.0.1:9000/jwks')).toBeNull();
    expect(platformUrlProblem('http://localhost/jwks')).toBeNull();
    expect(platformUrlProblem('http://lms.example.edu/jwks')).toBe('notHttps');
    expect(platformUrlProblem('ftp://lms.example.edu/jwks')).toBe('notHttps');
    expect(platformUrlProblem('not a url')).toBe('notUrl');
    expect(() => new PlatformKeySets(() => NOW).for('http://lms.example.edu/jwks')).toThrow(/https/);
  });
});
