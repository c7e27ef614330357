/**
 * The calls a platform sends a browser to: the login initiation (GET or a posted form) and the launch
 * (the platform's form post). A person is looking at each answer, so none is JSON: a success sends
 * the browser on, and every refusal, bad input included, sends it to the app's LTI page, which says
 * in the interface's language what happened and what to do. The log says which check failed, and
 * never holds the token.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as lti from '../../../contract/endpoints/lti.ts';
import { type Locale, pickLocale } from '../../../contract/locale.ts';
import type { LaunchRefusal, LoginInitiation } from '../../../contract/lti.ts';
import { newToken } from '../../services/accounts/tokens.ts';
import { LaunchStopped, LOGIN_TTL_MS } from '../../services/lti/launches.ts';
import { type BrowserCookie, browserSecret, setBrowserCookie } from '../browser-cookie.ts';
import { serve } from '../serve.ts';

const LTI_BROWSER: BrowserCookie = {
  name: 'zalik_lti_browser',
  path: '/v1/lti',
  maxAgeMs: LOGIN_TTL_MS,
  crossSite: true,
};
const FORM_LIMIT = 128 * 1024;

/** A browser sent here by a platform names its language only in Accept-Language. */
function browserLocale(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'];
  return header ? pickLocale(header) : request.locale;
}

export default async function ltiBrowserRoutes(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  // Forms only here: the rest of the API reads JSON alone.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => {
      // A name given twice is not a launch any platform sends: refused, not guessed at.
      const params = new URLSearchParams(body as string);
      const names = [...params.keys()];
      if (new Set(names).size !== names.length) return done(Object.assign(new Error('repeated'), { statusCode: 400 }));
      done(null, Object.fromEntries(params));
    },
  );

  const refusalPage = (refusal: LaunchRefusal, locale: Locale) => `${publicUrl}/${locale}/lti?refused=${refusal}`;
  function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    refusal: LaunchRefusal,
    detail: string,
    locale?: Locale,
  ) {
    request.log.warn({ lti: refusal, detail }, 'LTI login or launch refused');
    return reply.redirect(refusalPage(refusal, locale ?? browserLocale(request)), request.method === 'GET' ? 302 : 303);
  }

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    // The database out of reach and the like stay what they are (the API's own answer, a 503).
    if (status >= 500) throw error;
    return refuse(request, reply, status === 429 ? 'busy' : 'malformed', error.message.slice(0, 200));
  });

  const limit = async (request: FastifyRequest) =>
    app.limit(request, [[`lti-login:ip:${request.ip}`, app.limits.loginPerIp, 10 * 60_000]]);

  async function login(init: LoginInitiation, request: FastifyRequest, reply: FastifyReply) {
    // One secret per browser: two launches started in two tabs both finish.
    const secret = browserSecret(request, LTI_BROWSER) ?? newToken();
    try {
      const redirect = await app.lti.launches.login(init, secret);
      setBrowserCookie(reply, LTI_BROWSER, secret, true);
      return reply.redirect(redirect, 302);
    } catch (error) {
      if (error instanceof LaunchStopped) return refuse(request, reply, error.refusal, error.detail);
      throw error;
    }
  }

  serve(app, lti.ltiLogin, { limit, handle: async ({ query }, request, reply) => login(query, request, reply) });
  serve(app, lti.ltiLoginForm, { limit, handle: async ({ body }, request, reply) => login(body, request, reply) });

  serve(app, lti.ltiLaunch, {
    limit,
    handle: async ({ body }, request, reply) => {
      try {
        const { code, locale } = await app.lti.launches.launch(body, browserSecret(request, LTI_BROWSER));
        // The code rides in the fragment: it never reaches a server log or a Referer.
        return reply.redirect(`${publicUrl}/${locale}/lti#${code}`, 303);
      } catch (error) {
        if (error instanceof LaunchStopped) {
          return refuse(request, reply, error.refusal, error.detail, error.locale ?? undefined);
        }
        throw error;
      }
    },
  });
}
