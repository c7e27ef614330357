/**
 * One error shape for every `/v1` answer: `{message, errors?}` with a fitting 4xx, never a stack
 * trace or SQL. Unknown `/v1` paths are JSON 404s; anything else falls through to the app shell.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../http-error.ts';

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
        return reply
          .status(error.statusCode)
          .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
      }
      const known = framework(error);
      if (known) return reply.status(known.status).send({ message: known.message });
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: 'Internal Server Error' });
    });
  },
  { name: 'errors' },
);

export function notFoundBody(request: FastifyRequest) {
  return { message: `Not found: ${request.method} ${request.url.split('?')[0]}` };
}
