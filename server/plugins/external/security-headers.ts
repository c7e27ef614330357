/**
 * Security headers on every answer: a strict Content-Security-Policy (no inline or foreign script,
 * no framing), nosniff, a referrer policy, HSTS when the public URL is https; CORS closed unless
 * CORS_ORIGINS names who may call the API from another origin.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { LTI_PAGES } from '../../../app-shell/cache-routes.ts';
import { OPERATOR_ENDPOINTS } from '../../../contract/endpoints/operations.ts';

/** What the headers allow besides this server's own origin. */
export interface ForeignOrigins {
  /** The API a served app was built to call (its build.json's `api`): the app may fetch and show from it. */
  api: string | null;
  /** Apps on other origins that call this API (CORS_ORIGINS): they may show its images too. */
  callers: string[];
}

const NONE: ForeignOrigins = { api: null, callers: [] };

function helmetOptions(https: boolean, foreign: ForeignOrigins): HelmetOptions {
  const api = foreign.api ? [foreign.api] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // The toast library injects a <style> element; styles cannot run code.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', ...api],
        'font-src': ["'self'"],
        'connect-src': ["'self'", ...api],
        'manifest-src': ["'self'"],
        'worker-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // A test's images are shown by <img> on the apps CORS_ORIGINS names, which same-origin forbids.
    crossOriginResourcePolicy: { policy: foreign.callers.length ? 'cross-origin' : 'same-origin' },
  };
}

/**
 * Helmet stays the source of what the headers say, but its middleware rebuilds the policy string on
 * every request (5 % of the answer path's CPU under load). With fixed options the result never
 * changes, so it is run once against a recording response and the headers are replayed.
 */
export function recordedHelmetHeaders(https: boolean, foreign: ForeignOrigins = NONE): Record<string, string> {
  const headers: Record<string, string> = {};
  let failure: unknown;
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(https, foreign))({} as never, recorder as never, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * `/v1` answers carry tokens and personal data (sign-in, a test's state, results): no cache, shared or
 * private, may keep them; nor the operator's routes. The public catalog routes say otherwise for themselves.
 */
export const API_CACHE_CONTROL = 'no-store';

/**
 * Public catalog data (endpoints marked `cache: 'public'` in the contract) is the same for everyone
 * and holds nothing personal: caches may keep it, asking the server whether it changed.
 */
export const PUBLIC_CACHE_CONTROL = 'no-cache';

/**
 * What never changes at its address (an image, whose address is its content; a lesson version's
 * sealed payload, endpoints marked `cache: 'immutable'`): every cache keeps a success for a year.
 */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The operator's routes: a cached readiness or metric would tell of another moment. */
const OPERATOR_PATHS: string[] = OPERATOR_ENDPOINTS.map((e) => e.path);

/**
 * The LTI pages (app-shell/cache-routes.ts): a platform may show them in a frame of its own, and a
 * teacher's deep linking choice posts back to the platform, so these pages alone may be framed by,
 * and post forms to, another site (https, or this machine for a test platform); a platform that
 * opens its registration in a window of its own keeps it as its opener, to hear that it is done.
 * They hold nothing a frame could steal: a launch's code is in the fragment, and a framed landing
 * only offers to open Zalik in a window of its own.
 */
function ltiPageHeaders(headers: Record<string, string>): Record<string, string> {
  const elsewhere = 'https: http://localhost:* http://127.0.0.1:*';
  const { 'x-frame-options': _, ...rest } = headers;
  return {
    ...rest,
    'cross-origin-opener-policy': 'unsafe-none',
    'content-security-policy': String(headers['content-security-policy'])
      .replace("frame-ancestors 'none'", `frame-ancestors 'self' ${elsewhere}`)
      .replace("form-action 'self'", `form-action 'self' ${elsewhere}`),
  };
}

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/v1' || path.startsWith('/v1/') || OPERATOR_PATHS.includes(path);
}

export default fp<{ headers: Record<string, string>; corsOrigins: string[] }>(
  async (app: FastifyInstance, { headers, corsOrigins }) => {
    const ltiPages = ltiPageHeaders(headers);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(LTI_PAGES.test(request.url.split('?')[0] ?? '') ? ltiPages : headers);
      if (isApiPath(request.url)) reply.header('cache-control', API_CACHE_CONTROL);
      done();
    });
    await app.register(cors, { origin: corsOrigins.length ? corsOrigins : false, credentials: false });
  },
  { name: 'security-headers' },
);
