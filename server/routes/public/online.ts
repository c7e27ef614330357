import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  isAnswerItem,
  isAnswerRequest,
  isEmptyQuery,
  isFinishRequest,
  isHeartbeatRequest,
  isLessonKeyParams,
  isStartRequest,
  isTokenOnlyQuery,
  isTokenQuery,
  isUuidParams,
} from '../../../contract/answer-guards.ts';
import * as sessions from '../../../contract/endpoints/sessions.ts';
import { AnswerItem, type AnswerItemResult, AnswerRequest, MAX_ANSWER_BATCH } from '../../../contract/index.ts';
import type { OnlineSessionsTable } from '../../db/schema.ts';
import { HttpError, parseInput } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { serve } from '../serve.ts';
import { startsPerIp } from '../start-limit.ts';

const MINUTE = 60_000;

export default async function onlineRoutes(app: FastifyInstance) {
  /** Counted before any database work: a flood costs a map lookup, not a query. */
  const limitPerSession =
    (kind: 'answer' | 'finish' | 'signals') =>
    async (request: FastifyRequest, { params }: { params: { uuid: string } }) => {
      const perSession = {
        answer: app.limits.answersPerSession,
        finish: app.limits.finishesPerSession,
        signals: app.limits.signalsPerSession,
      }[kind];
      // Finishing is as rare as starting; answers and signals come from every taker of a class at once.
      const perIp = kind === 'finish' ? app.limits.startsPerIp : app.limits.answersPerIp;
      await app.limit(request, [
        [`${kind}:session:${params.uuid}`, perSession, MINUTE],
        [`${kind}:ip:${request.ip}`, perIp, MINUTE],
      ]);
    };

  serve(app, sessions.start, {
    // A class starts within seconds: its ordinary starts pass plain guards, not the structs' walk.
    fast: { params: isLessonKeyParams, query: isEmptyQuery, body: isStartRequest },
    limit: startsPerIp(app),
    // Signed in: the test belongs to the account from its start.
    handle: async ({ params, body, caller }, request) =>
      app.sessions.starts.start(params.id, body.role, request.locale, caller?.user.id ?? null),
  });

  serve(app, sessions.session, {
    handle: async ({ session }, request) => app.sessions.state(session, request.locale),
  });

  serve(app, sessions.block, {
    handle: async ({ params, session }, request) => app.sessions.block(session, params.blockId, request.locale),
  });

  serve(app, sessions.payload, {
    handle: async ({ params }) => app.sessions.payloads.payload(Number(params.version), params.locale),
  });

  serve(app, sessions.answer, {
    fast: { params: isUuidParams, query: isTokenOnlyQuery },
    limit: limitPerSession('answer'),
    // A batch's answers are each stored or refused on their own (answerBatch), so only its size is
    // checked here; one answer meets its struct, through a plain guard for the ordinary case.
    parseBody: (raw) => {
      if (!Array.isArray(raw)) return parseInput(AnswerRequest, raw, 'answer', isAnswerRequest);
      if (raw.length === 0 || raw.length > MAX_ANSWER_BATCH) {
        throw new HttpError(422, phrase('answerBatchSize', { max: MAX_ANSWER_BATCH }));
      }
      return raw as AnswerItem[];
    },
    // From memory when it can: an answer's insert checks the session's status itself.
    sessionFromMemory: true,
    handle: async ({ body, query, session }, request, reply) => {
      if (Array.isArray(body)) {
        reply.status(200);
        const receipt = await answerBatch(request, session, body);
        // A batch is a heartbeat too, when it says how many answers the device holds beyond it; it
        // brings the room's stamp, not the room: the device asks with a heartbeat when it is new.
        if (query.unsent !== undefined && session.assignment_id !== null) {
          const [deadline, room] = await Promise.all([
            app.sessions.heartbeat(session, Number(query.unsent)),
            app.takerControls.stamp(session),
          ]);
          return { ...receipt, deadline, room };
        }
        return receipt;
      }
      const { duplicate } = await app.sessions.answer(session, body);
      if (duplicate) reply.status(200);
      return { answer_id: body.answer_id, question_id: body.question_id, duplicate, server_now: app.sessions.now() };
    },
  });

  /** Answers queued offline arrive together: one request, each answer stored or refused on its own. */
  async function answerBatch(request: FastifyRequest, session: OnlineSessionsTable, items: unknown[]) {
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

  serve(app, sessions.heartbeat, {
    fast: { params: isUuidParams, query: isTokenOnlyQuery, body: isHeartbeatRequest },
    // As often as answers at most: a device sends one every 15 s, or with its answers.
    limit: limitPerSession('answer'),
    sessionFromMemory: true,
    handle: async ({ body, session }) => {
      const deadline = await app.sessions.heartbeat(session, body.unsent);
      // The exam room's messages and pause ride on the heartbeat (taker-controls.ts).
      const room = await app.takerControls.of(session, body.seen);
      return { server_now: app.sessions.now(), deadline, ...room };
    },
  });

  serve(app, sessions.signals, {
    limit: limitPerSession('signals'),
    // A signal never waits on the answers' writer: its own small transaction, after the row is known.
    sessionFromMemory: true,
    handle: async ({ body, session }) => app.signals.take(session, body.signals),
  });

  serve(app, sessions.finish, {
    fast: { params: isUuidParams, query: isTokenOnlyQuery, body: isFinishRequest },
    limit: limitPerSession('finish'),
    // From memory when it can: the finish reads the row again, under its lock, before it decides.
    sessionFromMemory: true,
    // Its receipt is signed with the rest of its commit's, off this request (receipts/receipt-batch.ts):
    // the device asks for it next and gets that one, waiting for it should it still be under way.
    handle: async ({ body, session }) => {
      const finished = await app.sessions.finish(session, body.reason ?? 'manual');
      return {
        uuid: finished.uuid,
        status: 'finished' as const,
        finished_at: finished.finished_at as number,
        finish_reason: finished.finish_reason as 'manual' | 'timeout' | 'expired',
        server_now: app.sessions.now(),
      };
    },
  });

  serve(app, sessions.results, {
    fast: { params: isUuidParams, query: isTokenQuery },
    handle: async ({ session }, request) => app.sessions.results(session, request.locale),
  });
}
