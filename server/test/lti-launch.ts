/**
 * An LTI launch driven through the app as a browser would drive it: the platform's login initiation
 * (a posted form), the tool's redirect to the platform's authorization endpoint with the browser's
 * cookie set, the platform's answer, and its form post of the `id_token` back to the tool.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Signing, TestPlatform } from './lti-platform.ts';

type Claims = Record<string, unknown>;

export const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** The cookie's `name=value` from an answer's Set-Cookie, for the browser's next request. */
export function cookieOf(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  return (first ?? '').split(';')[0] ?? '';
}

export interface Launched {
  login: LightMyRequestResponse;
  launch: LightMyRequestResponse;
  /** Where the launch sent the browser. */
  location: string;
  /** The posted form, to post again (a replay). */
  posted: Record<string, string>;
  cookie: string;
}

/**
 * A whole launch carrying `claims` (given the tool's nonce); `cookie` replaces the browser's own
 * on the launch (null: none sent), `publicUrl` is the app's; `target` is the login's target (the
 * launch address by default), `signing` how the platform signs the token.
 */
export async function launchThrough(
  app: FastifyInstance,
  platform: TestPlatform,
  publicUrl: string,
  claims: (nonce: string) => Claims,
  options: { cookie?: string | null; target?: string; signing?: Signing } = {},
): Promise<Launched> {
  const hint = randomUUID();
  platform.expect(hint, claims, options.signing);
  const login = await app.inject({
    method: 'POST',
    url: '/v1/lti/login',
    ...form({
      iss: platform.issuer,
      login_hint: hint,
      target_link_uri: options.target ?? `${publicUrl}/v1/lti/launch`,
      client_id: platform.clientId,
      lti_deployment_id: platform.deploymentId,
    }),
  });
  if (login.statusCode !== 302) throw new Error(`the login was not sent on: ${login.statusCode} ${login.body}`);
  const cookie = cookieOf(login);
  const request = Object.fromEntries(new URL(String(login.headers.location)).searchParams);
  const answer = await platform.authorize(request);
  const posted = { id_token: answer.id_token, state: answer.state };
  const sent = options.cookie === undefined ? cookie : options.cookie;
  const { headers, payload } = form(posted);
  const launch = await app.inject({
    method: 'POST',
    url: '/v1/lti/launch',
    payload,
    headers: { ...headers, ...(sent ? { cookie: sent } : {}) },
  });
  return { login, launch, location: String(launch.headers.location ?? ''), posted, cookie };
}

/** The refusal the app's LTI page is sent to show, or null when `location` is not that page. */
export function refusalIn(location: string): string | null {
  return /\/lti\?refused=(\w+)$/.exec(location)?.[1] ?? null;
}

/** The one-use code in a launch's redirect to the app (in the fragment). */
export function handoffCodeIn(location: string): string {
  const code = /\/lti#([A-Za-z0-9_-]{43})$/.exec(location)?.[1];
  if (!code) throw new Error(`no launch code in ${location}`);
  return code;
}
