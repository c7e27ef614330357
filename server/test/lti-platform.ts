/**
 * A learning platform for the tests, written from 1EdTech's specifications (LTI Core 1.3, Security
 * Framework 1.0, Dynamic Registration 1.0) with `jose`, on loopback: its own RS256 keys published as
 * a JWKS; its OpenID configuration and registration endpoint; its authorization endpoint, which
 * checks the tool's authentication request and answers with the signed `id_token` in a form the
 * browser posts to the tool (or gives it to a test directly); any claim changed or left out for the
 * negative cases.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { LTI, LTI_DL } from '../services/lti/id-token.ts';

type Key = { kid: string; privateKey: CryptoKey; publicJwk: JWK };
type Claims = Record<string, unknown>;
/** How a token is signed: by the key published under `kid`, or by `key` (or the newest) under that name. */
export type Signing = { kid?: string; key?: CryptoKey };
type Route = (req: IncomingMessage, url: URL, body: string, res: ServerResponse) => void | Promise<void>;

async function newKey(kid: string): Promise<Key> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
}

const html = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What the platform's registration endpoint was sent, and what it answered. */
export interface RegistrationSeen {
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export class TestPlatform {
  clientId = 'zalik-client-1';
  readonly deploymentId = 'deployment-7';
  readonly registrationToken = 'registration-token-of-the-platform';
  private keys: Key[] = [];
  private server: Server | null = null;
  private readonly routes = new Map<string, Route>();
  private readonly prefixes: [string, Route][] = [];
  /** The launch each user (`login_hint`) is to get: its claims (with the tool's nonce), and how it is signed. */
  private readonly pending = new Map<string, { claims: (nonce: string) => Claims; signing: Signing }>();
  /** How many times its key set was fetched. */
  fetches = 0;
  registrations: RegistrationSeen[] = [];
  /** Authentication requests it refused, and why. */
  refused: string[] = [];

  static async start(): Promise<TestPlatform> {
    const platform = new TestPlatform();
    platform.keys = [await newKey('platform-key-1')];
    platform.route('/jwks', (_req, _url, _body, res) => {
      platform.fetches += 1;
      platform.json(res, 200, { keys: platform.keys.map((k) => k.publicJwk) });
    });
    platform.route('/.well-known/openid-configuration', (_req, _url, _body, res) =>
      platform.json(res, 200, platform.openIdConfiguration()),
    );
    platform.route('/register', (req, _url, body, res) => {
      platform.registrations.push({ authorization: req.headers.authorization, body: JSON.parse(body) });
      if (req.headers.authorization !== `Bearer ${platform.registrationToken}`) return platform.json(res, 401, {});
      platform.json(res, 201, {
        ...JSON.parse(body),
        client_id: platform.clientId,
        'https://purl.imsglobal.org/spec/lti-tool-configuration': { deployment_id: platform.deploymentId },
      });
    });
    platform.route('/auth', async (_req, url, body, res) => {
      const params = new URLSearchParams(url.search || body);
      const answer = await platform.authorize(Object.fromEntries(params));
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        `<!doctype html><form id="f" method="post" action="${html(answer.redirectUri)}">` +
          `<input type="hidden" name="id_token" value="${html(answer.id_token)}">` +
          `<input type="hidden" name="state" value="${html(answer.state)}"></form>` +
          '<script>document.getElementById("f").submit()</script>',
      );
    });
    platform.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://platform');
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', async () => {
        const route =
          platform.routes.get(url.pathname) ??
          platform.prefixes.find(([prefix]) => url.pathname.startsWith(prefix))?.[1];
        if (!route) return platform.json(res, 404, {});
        try {
          await route(req, url, body, res);
        } catch (error) {
          platform.json(res, 400, { error: String(error) });
        }
      });
    });
    await new Promise<void>((resolve) => platform.server?.listen(0, '127.0.0.1', resolve));
    return platform;
  }

  /** Serves `route` at `path` (the later parts of the platform add their endpoints so). */
  route(path: string, route: Route): void {
    this.routes.set(path, route);
  }

  /** Serves `route` at every path under `prefix`. */
  routePrefix(prefix: string, route: Route): void {
    this.prefixes.push([prefix, route]);
  }

  json(res: ServerResponse, status: number, value: unknown): void {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(value));
  }

  get origin(): string {
    if (!this.server) throw new Error('the test platform is not started');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get issuer(): string {
    return this.origin;
  }

  get jwksUrl(): string {
    return `${this.origin}/jwks`;
  }

  get authUrl(): string {
    return `${this.origin}/auth`;
  }

  openIdConfiguration(): Claims {
    return {
      issuer: this.issuer,
      authorization_endpoint: this.authUrl,
      token_endpoint: `${this.origin}/token`,
      jwks_uri: this.jwksUrl,
      registration_endpoint: `${this.origin}/register`,
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid'],
      response_types_supported: ['id_token'],
      id_token_signing_alg_values_supported: ['RS256'],
      claims_supported: ['sub', 'iss', 'name', 'given_name', 'family_name', 'email'],
      subject_types_supported: ['public', 'pairwise'],
      'https://purl.imsglobal.org/spec/lti-platform-configuration': {
        product_family_code: 'test-platform',
        version: '1.0',
        messages_supported: [{ type: 'LtiResourceLinkRequest' }, { type: 'LtiDeepLinkingRequest' }],
      },
    };
  }

  /** The manual registration form's fields for this platform. */
  form(deployments: string[] = [this.deploymentId]) {
    return {
      name: 'Test platform',
      issuer: this.issuer,
      client_id: this.clientId,
      login_url: this.authUrl,
      token_url: `${this.origin}/token`,
      jwks_url: this.jwksUrl,
      deployments,
    };
  }

  /** A new key signs from now on; the old one stays published. */
  async rotate(kid: string): Promise<void> {
    this.keys.unshift(await newKey(kid));
  }

  /**
   * The next launch of `loginHint` will carry these claims (`nonce`: the tool's, put in when it
   * asks), signed as `signing` says (see `sign`).
   */
  expect(loginHint: string, claims: (nonce: string) => Claims, signing: Signing = {}): void {
    this.pending.set(loginHint, { claims, signing });
  }

  /**
   * The platform's answer to the tool's authentication request (Security Framework §5.1.1.3): the
   * request must be the LTI one, for this client, back to a redirect URI; the answer is the
   * `id_token` of the launch expected for its `login_hint`, with the tool's nonce.
   */
  async authorize(query: Record<string, string>): Promise<{ id_token: string; state: string; redirectUri: string }> {
    const wrong = (what: string) => {
      this.refused.push(what);
      return new Error(`the authentication request is wrong: ${what}`);
    };
    if (query.scope !== 'openid') throw wrong('scope');
    if (query.response_type !== 'id_token') throw wrong('response_type');
    if (query.response_mode !== 'form_post') throw wrong('response_mode');
    if (query.prompt !== 'none') throw wrong('prompt');
    if (query.client_id !== this.clientId) throw wrong('client_id');
    if (!query.redirect_uri?.endsWith('/v1/lti/launch')) throw wrong('redirect_uri');
    if (!query.state || !query.nonce) throw wrong('state or nonce');
    const launch = this.pending.get(query.login_hint ?? '');
    if (!launch) throw wrong('login_hint');
    const id_token = await this.sign(launch.claims(query.nonce), launch.signing);
    return { id_token, state: query.state, redirectUri: query.redirect_uri };
  }

  /** A resource link launch's claims, as a platform sends them; `nonce` the tool's. */
  launchClaims(nonce: string, now: number): Claims {
    return {
      iss: this.issuer,
      aud: this.clientId,
      sub: 'learner-42',
      iat: Math.floor(now / 1000),
      exp: Math.floor(now / 1000) + 300,
      nonce,
      name: 'Olena Koval',
      given_name: 'Olena',
      family_name: 'Koval',
      email: 'olena@example.edu',
      [`${LTI}message_type`]: 'LtiResourceLinkRequest',
      [`${LTI}version`]: '1.3.0',
      [`${LTI}deployment_id`]: this.deploymentId,
      [`${LTI}target_link_uri`]: 'https://zalik.example.org/v1/lti/launch',
      [`${LTI}resource_link`]: { id: 'link-1', title: 'Quiz 1' },
      [`${LTI}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      [`${LTI}context`]: { id: 'course-9', title: 'Geography 9B' },
    };
  }

  /** A deep linking request's claims. */
  deepLinkingClaims(nonce: string, now: number): Claims {
    const {
      [`${LTI}resource_link`]: _link,
      [`${LTI}target_link_uri`]: _target,
      ...rest
    } = this.launchClaims(nonce, now);
    return {
      ...rest,
      sub: 'teacher-7',
      name: 'Ivan Petrenko',
      given_name: 'Ivan',
      family_name: 'Petrenko',
      email: 'ivan@example.edu',
      [`${LTI}message_type`]: 'LtiDeepLinkingRequest',
      [`${LTI}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
      [`${LTI_DL}deep_linking_settings`]: {
        deep_link_return_url: `${this.origin}/deep-link-return`,
        accept_types: ['ltiResourceLink'],
        accept_presentation_document_targets: ['window', 'iframe'],
        data: 'platform-opaque-data',
      },
    };
  }

  /** The claims signed with its newest key, or one it publishes by `kid`, or `key` (not its own). */
  async sign(claims: Claims, with_: Signing = {}): Promise<string> {
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
