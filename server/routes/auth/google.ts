import type { FastifyInstance, FastifyRequest } from 'fastify';
import { googleCallback, googleStart } from '../../../contract/endpoints/auth.ts';
import { HttpError } from '../../http-error.ts';
import { message, phrase } from '../../i18n/messages.ts';
import { FLOW_TTL_MS, type GoogleSignIn, ProviderUnreachable } from '../../services/accounts/google-sign-in.ts';
import { newToken } from '../../services/accounts/tokens.ts';
import { type BrowserCookie, browserSecret, setBrowserCookie } from '../browser-cookie.ts';
import { serve } from '../serve.ts';

/** Binds a sign-in to the browser that started it (browser-cookie.ts). */
const BROWSER_COOKIE: BrowserCookie = {
  name: 'zalik_signin_browser',
  path: '/v1/login/google',
  maxAgeMs: FLOW_TTL_MS,
  crossSite: false,
};

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
      const secret = browserSecret(request, BROWSER_COOKIE) ?? newToken();
      const redirect = await reachable(request, () =>
        provider().start(query.role ?? 'student', query.locale ?? request.locale, secret),
      );
      setBrowserCookie(reply, BROWSER_COOKIE, secret, secureCookies);
      return { redirect };
    },
  });

  serve(app, googleCallback, {
    handle: async ({ query }, request) => {
      const signIn = provider();
      return reachable(request, () => signIn.callback(query, browserSecret(request, BROWSER_COOKIE), request.locale));
    },
  });
}
