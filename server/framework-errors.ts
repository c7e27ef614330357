/**
 * Answers for requests that never reach a route, in the same `{message}` envelope and with the same
 * security headers as every other answer: URLs that do not decode or name a too-long parameter
 * (Fastify's `frameworkErrors`, which runs without any hook), and requests Node's HTTP parser
 * refuses or gives up on (`clientErrorHandler`: malformed, headers too large, too slow).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { API_CACHE_CONTROL } from './plugins/external/security-headers.ts';

const FRAMEWORK_ANSWERS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'The request URL is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The request URL is too long' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: 'The request URL is not valid' },
};

export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = FRAMEWORK_ANSWERS[error.code];
    if (!known) {
      request.log.error({ err: error }, 'unexpected framework error');
      return reply
        .status(500)
        .headers(headers)
        .header('cache-control', API_CACHE_CONTROL)
        .send({ message: 'Internal Server Error' });
    }
    return reply
      .status(known.status)
      .headers(headers)
      .header('cache-control', API_CACHE_CONTROL)
      .send({ message: known.message });
  };
}

const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large' },
};

/** Writes the refusal on the raw socket (no request object exists yet) and closes it. */
export function clientErrorHandler(headers: Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    // A reset or an already closed socket has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, message: text } = CLIENT_ERRORS[error.code ?? ''] ?? {
      status: 400,
      message: 'The request is not valid HTTP',
    };
    const body = JSON.stringify({ message: text });
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      `cache-control: ${API_CACHE_CONTROL}`,
      'connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy();
  };
}
