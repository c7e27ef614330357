/**
 * Structured logs that never hold a secret: tokens in query strings are masked in every logged URL,
 * and authorization headers, cookies, passwords and tokens in bodies are redacted.
 */
import type { FastifyServerOptions } from 'fastify';

const SECRET_PARAMS = /([?&](?:api_token|token|refresh_token|code|state)=)[^&#]*/gi;

export function maskUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.password_confirmation',
        '*.token',
        '*.refresh_token',
        '*.api_token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: maskUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}
