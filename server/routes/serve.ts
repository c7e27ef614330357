/**
 * Registers a route from its endpoint in the contract's table (contract/endpoints): the method, the
 * path, the structs its input must pass and who may call it all come from there, so that the server
 * cannot drift from what the client and the docs are told. The route adds only what is its own: its
 * request limits and its handler.
 *
 * Each request is checked in this order, so that a flood costs as little as possible and a caller
 * learns nothing before proving who they are: path parameters and query (422), the route's limits
 * (429), the caller (401), what the path names being the caller's (`owned`: 404), the body (422),
 * the test session for `session` endpoints (401), then the handler. The handler's result is sent as `{ data }` with the endpoint's status.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccessOf, AnswerOf, AnyEndpoint, BodyOf, ParamsOf, QueryOf } from '../../contract/endpoint.ts';
import type { OnlineSessionsTable as SessionRow } from '../db/schema.ts';
import { parseInput } from '../http-error.ts';
import type { Caller } from '../plugins/app/auth.ts';
import { IMMUTABLE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from '../plugins/external/security-headers.ts';

type Guard = (value: unknown) => boolean;

export interface Input<E extends AnyEndpoint, B = BodyOf<E>> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  /** The body as the endpoint's struct reads it, or as the route's `parseBody` does. */
  body: B;
  /** `user` and `tutor` endpoints: the caller; `optional-user`: the caller, or null when no token was sent. */
  caller: AccessOf<E> extends 'user' | 'tutor' ? Caller : Caller | null;
  /** `session` endpoints: the session the api_token opens. */
  session: SessionRow;
}

export interface Serving<E extends AnyEndpoint, B = BodyOf<E>> {
  /** Limits that need no caller (an address, an IP, a session id): counted before any lookup. */
  limit?: (request: FastifyRequest, input: { params: ParamsOf<E>; query: QueryOf<E> }) => Promise<void>;
  /** Reads the body in place of the endpoint's struct: messages in the caller's language, batches item by item. */
  parseBody?: (raw: unknown, request: FastifyRequest) => B;
  /** Plain checks that let ordinary valid input skip the structs' walk (contract/answer-guards.ts). */
  fast?: { params?: Guard; query?: Guard; body?: Guard };
  /** Bytes of body this route takes, when not the server's usual limit (a whole test's draft). */
  bodyLimit?: number;
  /**
   * What the path names must be the caller's, checked before the body: another tutor's assignment
   * reads as not found whatever was sent with it.
   */
  owned?: (input: { params: ParamsOf<E>; caller: Caller }) => Promise<void>;
  /** `session` endpoints: the session may come from memory (answers and the finish check it again). */
  sessionFromMemory?: boolean;
  /** The answer's data; or the reply itself when the handler has answered (a redirect). */
  handle(input: Input<E, B>, request: FastifyRequest, reply: FastifyReply): Promise<AnswerOf<E> | FastifyReply>;
}

function tokenOf(query: unknown, body: unknown): string | undefined {
  for (const part of [query, body]) {
    const token = (part as { api_token?: unknown } | null | undefined)?.api_token;
    if (typeof token === 'string') return token;
  }
  return undefined;
}

export function serve<E extends AnyEndpoint, B = BodyOf<E>>(app: FastifyInstance, e: E, serving: Serving<E, B>): void {
  app.route({
    method: e.method,
    url: e.path,
    ...(serving.bodyLimit ? { bodyLimit: serving.bodyLimit } : {}),
    ...(e.cache === 'public'
      ? {
          onRequest: (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
            reply.header('cache-control', PUBLIC_CACHE_CONTROL);
            done();
          },
        }
      : {}),
    handler: async (request, reply) => {
      const params = (
        e.params ? parseInput(e.params, request.params, 'path', serving.fast?.params) : {}
      ) as ParamsOf<E>;
      const query = (e.query ? parseInput(e.query, request.query, 'query', serving.fast?.query) : {}) as QueryOf<E>;
      await serving.limit?.(request, { params, query });
      const caller =
        e.access === 'user'
          ? await app.requireUser(request)
          : e.access === 'tutor'
            ? await app.requireTutor(request)
            : e.access === 'optional-user'
              ? await app.optionalUser(request)
              : null;
      if (serving.owned && caller) await serving.owned({ params, caller });
      const body = (
        serving.parseBody
          ? serving.parseBody(request.body, request)
          : e.body
            ? parseInput(e.body, request.body, 'request body', serving.fast?.body)
            : undefined
      ) as B;
      const session =
        e.access === 'session'
          ? await app.sessions.authorize(
              (params as { uuid: string }).uuid,
              tokenOf(query, body),
              serving.sessionFromMemory ?? false,
            )
          : (undefined as unknown as SessionRow);
      // The handler may set another success status (a repeated answer is a 200).
      reply.status(e.status);
      const input = { params, query, body, caller, session } as Input<E, B>;
      const data = await serving.handle(input, request, reply);
      // Only a success is the same for good: a refusal (a version not made yet) must be asked again.
      if (e.cache === 'immutable') reply.header('cache-control', IMMUTABLE_CACHE_CONTROL);
      // A handler that answered itself returned the reply, which is a thenable: awaiting it waited
      // until the answer was written out, and gave undefined. Fastify must then be handed nothing,
      // or it sends a second answer, which fails and logs a warning with a stack trace (on every
      // monitor read, every 1.5 s per watching tutor).
      if (reply.sent || reply.raw.headersSent) return undefined;
      return e.bare ? data : { data };
    },
  });
}
