import type { FastifyInstance, FastifyRequest } from 'fastify';
import { object, optional, string } from 'superstruct';
import { isAnswerItem, isAnswerRequest, isTokenOnlyQuery, isUuidParams } from '../../../contract/answer-guards.ts';
import { Key } from '../../../contract/content.ts';
import {
  AnswerItem,
  type AnswerItemResult,
  AnswerRequest,
  FinishRequest,
  LessonKey,
  MAX_ANSWER_BATCH,
  StartRequest,
  TokenQuery,
  Uuid,
} from '../../../contract/index.ts';
import { HttpError, parseInput } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';

type SessionRequest = FastifyRequest<{ Params: { uuid: string }; Querystring: unknown; Body: unknown }>;

const NoQuery = object({});
const BlockParams = object({ uuid: Uuid, blockId: Key });
const UuidParams = object({ uuid: Uuid });
/** Writes take the token in the query or the body; a GET takes it in the query. */
const WriteQuery = object({ api_token: optional(string()) });

const MINUTE = 60_000;

export default async function onlineRoutes(app: FastifyInstance) {
  /** Counted before any database work: a flood costs a map lookup, not a query. */
  async function limitPerSession(request: SessionRequest, kind: 'answer' | 'finish') {
    const { uuid } = parseInput(UuidParams, { uuid: request.params.uuid }, 'session id', isUuidParams);
    const perSession = kind === 'answer' ? app.limits.answersPerSession : app.limits.finishesPerSession;
    // Finishing is as rare as starting; answers come from every taker of a class at once.
    const perIp = kind === 'answer' ? app.limits.answersPerIp : app.limits.startsPerIp;
    await app.limit(request, [
      [`${kind}:session:${uuid}`, perSession, MINUTE],
      [`${kind}:ip:${request.ip}`, perIp, MINUTE],
    ]);
  }

  async function sessionFor(request: SessionRequest, bodyToken?: string, cached = false) {
    const { uuid } = parseInput(UuidParams, { uuid: request.params.uuid }, 'session id', isUuidParams);
    const query =
      request.method === 'GET'
        ? parseInput(TokenQuery, request.query, 'query')
        : parseInput(WriteQuery, request.query, 'query', isTokenOnlyQuery);
    return app.sessions.authorize(uuid, query.api_token ?? bodyToken, cached);
  }

  app.post<{ Params: { id: string } }>('/lessons/:id/start', async (request, reply) => {
    parseInput(NoQuery, request.query, 'query');
    const id = parseInput(LessonKey, request.params.id, 'lesson id');
    const body = parseInput(StartRequest, request.body, 'request body');
    await app.limit(request, [[`start:ip:${request.ip}`, app.limits.startsPerIp, MINUTE]]);
    // Signed in: the test belongs to the account from its start.
    const caller = await app.optionalUser(request);
    const session = await app.sessions.start(id, body.role, request.locale, caller?.user.id ?? null);
    return reply.status(201).send({ data: session });
  });

  app.get('/lessons/online/:uuid', async (request: SessionRequest) => {
    const session = await sessionFor(request);
    return { data: await app.sessions.state(session, request.locale) };
  });

  app.get<{ Params: { uuid: string; blockId: string } }>('/lessons/online/:uuid/blocks/:blockId', async (request) => {
    const params = parseInput(BlockParams, request.params, 'path');
    const session = await sessionFor(request as unknown as SessionRequest);
    return { data: await app.sessions.block(session, params.blockId, request.locale) };
  });

  app.post('/lessons/online/:uuid/answer', async (request: SessionRequest, reply) => {
    await limitPerSession(request, 'answer');
    if (Array.isArray(request.body)) return reply.send({ data: await answerBatch(request, request.body) });
    const body = parseInput(AnswerRequest, request.body, 'answer', isAnswerRequest);
    const session = await sessionFor(request, body.api_token, true);
    const { duplicate } = await app.sessions.answer(session, body);
    return reply.status(duplicate ? 200 : 201).send({
      data: { answer_id: body.answer_id, question_id: body.question_id, duplicate, server_now: app.sessions.now() },
    });
  });

  /** Answers queued offline arrive together: one request, each answer stored or refused on its own. */
  async function answerBatch(request: SessionRequest, items: unknown[]) {
    if (items.length === 0 || items.length > MAX_ANSWER_BATCH) {
      throw new HttpError(422, phrase('answerBatchSize', { max: MAX_ANSWER_BATCH }));
    }
    const session = await sessionFor(request, undefined, true);
    const results = await Promise.all(
      items.map(async (item): Promise<AnswerItemResult> => {
        const answerId =
          typeof (item as { answer_id?: unknown })?.answer_id === 'string'
            ? (item as { answer_id: string }).answer_id
            : null;
        try {
          const input = parseInput(AnswerItem, item, 'answer', isAnswerItem);
          const { duplicate } = await app.sessions.answer(session, input);
          return { answer_id: answerId, status: duplicate ? 200 : 201, duplicate };
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          return { answer_id: answerId, status: error.statusCode, ...error.bodyIn(request.locale) };
        }
      }),
    );
    return { results, server_now: app.sessions.now() };
  }

  app.post('/lessons/online/:uuid/finish', async (request: SessionRequest) => {
    await limitPerSession(request, 'finish');
    const body = parseInput(FinishRequest, request.body, 'request body');
    // From memory when it can: the finish reads the row again, under its lock, before it decides.
    const session = await sessionFor(request, body.api_token, true);
    const finished = await app.sessions.finish(session, body.reason ?? 'manual');
    return {
      data: {
        uuid: finished.uuid,
        status: 'finished' as const,
        finished_at: finished.finished_at,
        finish_reason: finished.finish_reason,
        server_now: app.sessions.now(),
      },
    };
  });

  app.get('/lessons/online/:uuid/results', async (request: SessionRequest) => {
    const session = await sessionFor(request);
    return { data: await app.sessions.results(session, request.locale) };
  });
}
