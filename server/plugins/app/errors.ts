/**
 * One error shape for every `/v1` answer: `{message, errors?}` with a fitting 4xx, never a stack
 * trace or SQL. Unknown `/v1` paths are JSON 404s; anything else falls through to the app shell.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../http-error.ts';
import { message } from '../../i18n/messages.ts';

/** Seconds a client should wait before trying again when the database is out of reach. */
const UNAVAILABLE_RETRY_SECONDS = 5;

// Network failures on the way to PostgreSQL and its "shutting down / cannot connect now" classes.
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const CONNECTION_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed|Cannot use a pool after calling end/i;

/**
 * Text the database refuses to store (PostgreSQL: 22021 invalid byte sequence, such as NUL; 22P05 a
 * character its encoding lacks). The text rule refuses such input first; this is the backstop, so
 * that anything it missed is still the caller's 422, never a 500.
 */
export function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '22021' || code === '22P05';
}

/**
 * The database out of reach (network, restart, failover) or too busy (SQLite locked, I/O error): a
 * passing condition, answered 503 so clients keep their data and retry, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_CODES.has(code)) return true;
    if (/^SQLITE_(BUSY|LOCKED|IOERR|CANTOPEN|PROTOCOL)/.test(code)) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

function framework(error: FastifyError): { status: number; message: string } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'The request body is not valid JSON' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: 'The request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'Send the request body as application/json' };
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return { status: 400, message: 'The request URL is not valid' };
  }
  if (error.validation) return { status: 422, message: error.message };
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, message: error.message };
  }
  return null;
}

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof HttpError) {
        if (error.headers) reply.headers(error.headers);
        return reply.status(error.statusCode).send(error.bodyIn(request.locale));
      }
      const known = framework(error);
      if (known) return reply.status(known.status).send({ message: known.message });
      if (isUnstorableText(error)) {
        request.log.warn({ err: error }, 'the database refused text that the text rule let through');
        return reply.status(422).send({ message: message('textUnstorable', request.locale) });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', String(UNAVAILABLE_RETRY_SECONDS))
          .send({ message: message('unavailable', request.locale) });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: 'Internal Server Error' });
    });
  },
  { name: 'errors' },
);

export function notFoundBody(request: FastifyRequest) {
  return { message: `Not found: ${request.method} ${request.url.split('?')[0]}` };
}
