/**
 * A cookie that binds a sign-in to the browser that started it: a secret only that browser holds,
 * whose hash the flow keeps. HttpOnly (no script reads it), on the flow's paths only, and no older
 * than a flow. A same-site flow (the external sign-in) sends it SameSite=Lax, Secure behind https;
 * a flow that comes back from another site (an LTI platform's form post) needs SameSite=None, which
 * browsers take only with Secure (also on http://localhost), and Partitioned, so that inside a
 * platform's iframe, where third-party cookies are blocked, it is still kept for that platform.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

const SECRET = /^[A-Za-z0-9_-]{43}$/;

export interface BrowserCookie {
  name: string;
  path: string;
  maxAgeMs: number;
  crossSite: boolean;
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The browser's secret, or null when it sent none (or not one of ours). */
export function browserSecret(request: FastifyRequest, cookie: BrowserCookie): string | null {
  const value = cookieValue(request.headers.cookie, cookie.name);
  return value && SECRET.test(value) ? value : null;
}

export function setBrowserCookie(reply: FastifyReply, cookie: BrowserCookie, secret: string, secure: boolean) {
  const attributes = [
    `${cookie.name}=${secret}`,
    `Path=${cookie.path}`,
    `Max-Age=${Math.floor(cookie.maxAgeMs / 1000)}`,
    'HttpOnly',
    ...(cookie.crossSite
      ? ['SameSite=None', 'Secure', 'Partitioned']
      : ['SameSite=Lax', ...(secure ? ['Secure'] : [])]),
  ];
  reply.header('set-cookie', attributes.join('; '));
}
