import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { googleCallback, googleStart } from '../../../contract/endpoints/auth.ts';
import { HttpError } from '../../http-error.ts';
import { message, phrase } from '../../i18n/messages.ts';
import { FLOW_TTL_MS, type GoogleSignIn, ProviderUnreachable } from '../../services/accounts/google-sign-in.ts';
import { newToken } from '../../services/accounts/tokens.ts';
import { serve } from '../serve.ts';

/**
 * The cookie that binds a sign-in to the browser that started it: HttpOnly (no script reads it),
 * SameSite=Lax (sent on the app's own calls, never on another site's requests), on the sign-in's
 * paths only, Secure behind https, and no older than a flow.
 */
const BROWSER_COOKIE = 'zalik_signin_browser';
const COOKIE_PATH = '/v1/login/google';
const SECRET = /^[A-Za-z0-9_-]{43}$/;

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

function browserSecret(request: FastifyRequest): string | null {
  const value = cookieValue(request.headers.cookie, BROWSER_COOKIE);
  return value && SECRET.test(value) ? value : null;
}

function setBrowserCookie(reply: FastifyReply, secret: string, secure: boolean) {
  const attributes = [
    `${BROWSER_COOKIE}=${secret}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${FLOW_TTL_MS / 1000}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ];
  reply.header('set-cookie', attributes.join('; '));
}

/** `GET /v1/login/google` and its callback; 404 when no provider is configured. */
export default async function googleRoutes(
  app: FastifyInstance,
  { google, secureCookies }: { google: GoogleSignIn | null; secureCookies: boolean },
) {
  function provider(): GoogleSignIn {
    if (!google) throw new HttpError(404, phrase('googleNotConfigured'));
    return google;
  }

  async function reachable<T>(request: FastifyRequest, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof ProviderUnreachable)) throw error;
      throw new HttpError(503, message('googleUnreachable', request.locale), undefined, { 'retry-after': '30' });
    }
  }

  serve(app, googleStart, {
    // A sign-in like any other: a class signs in from one address.
    limit: async (request) => app.limit(request, [[`google:ip:${request.ip}`, app.limits.loginPerIp, 10 * 60_000]]),
    handle: async ({ query }, request, reply) => {
      // One secret per browser: sign-ins started in two tabs both finish.
      const secret = browserSecret(request) ?? newToken();
      const redirect = await reachable(request, () =>
        provider().start(query.role ?? 'student', query.locale ?? request.locale, secret),
      );
      setBrowserCookie(reply, secret, secureCookies);
      return { redirect };
    },
  });

  serve(app, googleCallback, {
    handle: async ({ query }, request) => {
      const signIn = provider();
      return reachable(request, () => signIn.callback(query, browserSecret(request), request.locale));
    },
  });
}
