/**
 * A learning platform for the tests, written from 1EdTech's specifications (LTI Core 1.3, Security
 * Framework 1.0) with `jose`: its own RS256 keys published as a JWKS on loopback, and `id_token`s
 * signed as a platform's launch would be, any claim changed or left out for the negative cases.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { LTI, LTI_DL } from '../services/lti/id-token.ts';

type Key = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

async function newKey(kid: string): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

export class TestPlatform {
  readonly issuer = 'https://lms.example.edu';
  readonly clientId = 'zalik-client-1';
  readonly deploymentId = 'deployment-7';
  private keys: Key[] = [];
  private server: Server | null = null;
  /** How many times its key set was fetched. */
  fetches = 0;

  static async start(): Promise<TestPlatform> {
    const platform = new TestPlatform();
    platform.keys = [await newKey('platform-key-1')];
    platform.server = createServer((_req, res) => {
      platform.fetches += 1;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: platform.keys.map((k) => k.publicJwk) }));
    });
    await new Promise<void>((resolve) => platform.server?.listen(0, '127.0.0.1', resolve));
    return platform;
  }

  get jwksUrl(): string {
    if (!this.server) throw new Error('the test platform is not started');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/jwks`;
  }

  /** A new key signs from now on; the old one stays published. */
  async rotate(kid: string): Promise<void> {
    this.keys.unshift(await newKey(kid));
  }

  /** A resource link launch's claims, as a platform sends them; `nonce` the tool's. */
  launchClaims(nonce: string, now: number): Record<string, unknown> {
    return {
      iss: this.issuer,
      aud: this.clientId,
      sub: 'learner-42',
      iat: Math.floor(now / 1000),
      exp: Math.floor(now / 1000) + 300,
      nonce,
      name: 'Olena Koval',
      email: 'olena@example.edu',
      [`${LTI}message_type`]: 'LtiResourceLinkRequest',
      [`${LTI}version`]: '1.3.0',
      [`${LTI}deployment_id`]: this.deploymentId,
      [`${LTI}target_link_uri`]: 'https://zalik.example.org/lti/launch',
      [`${LTI}resource_link`]: { id: 'link-1', title: 'Quiz 1' },
      [`${LTI}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      [`${LTI}context`]: { id: 'course-9', title: 'Geography 9B' },
    };
  }

  /** A deep linking request's claims. */
  deepLinkingClaims(nonce: string, now: number): Record<string, unknown> {
    const {
      [`${LTI}resource_link`]: _link,
      [`${LTI}target_link_uri`]: _target,
      ...rest
    } = this.launchClaims(nonce, now);
    return {
      ...rest,
      [`${LTI}message_type`]: 'LtiDeepLinkingRequest',
      [`${LTI}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
      [`${LTI_DL}deep_linking_settings`]: {
        deep_link_return_url: `${this.issuer}/deep-link-return`,
        accept_types: ['ltiResourceLink'],
        accept_presentation_document_targets: ['window', 'iframe'],
      },
    };
  }

  /** The claims signed with its newest key, or one it publishes by `kid`, or `key` (not its own). */
  async sign(claims: Record<string, unknown>, with_: { kid?: string; key?: CryptoKey } = {}): Promise<string> {
    // A kid it publishes signs with that key; another signs with `key` (a forgery) under that name.
    const own = this.keys.find((k) => k.kid === with_.kid) ?? (this.keys[0] as Key);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(with_.kid === '' ? {} : { kid: with_.kid ?? own.kid }) })
      .sign(with_.key ?? own.privateKey);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
