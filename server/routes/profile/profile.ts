import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import { type CompletedTest, GroupedDetailsQuery, LinkTestRequest, Uuid } from '../../../contract/index.ts';
import type { OnlineSessionsTable } from '../../db/schema.ts';
import { HttpError, parseInput } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';

const IdParams = object({ id: Uuid });
const NoQuery = object({});

export default async function profileRoutes(app: FastifyInstance) {
  async function finishedTest(userId: string, rawId: unknown): Promise<OnlineSessionsTable> {
    const { id } = parseInput(IdParams, { id: rawId }, 'test id');
    const session = await app.sessions.ownedBy(id, userId);
    if (session.status !== 'finished') throw new HttpError(409, phrase('resultsNotReady'));
    return session;
  }

  app.get('/completed-tests', async (request) => {
    parseInput(NoQuery, request.query, 'query');
    const { user } = await app.requireUser(request);
    const rows = await app.sessions.finishedOf(user.id);
    const data: CompletedTest[] = [];
    for (const row of rows) {
      const { blocks: _blocks, ...summary } = await app.sessions.results(row, request.locale);
      data.push(summary);
    }
    return { data };
  });

  app.get<{ Params: { id: string } }>('/completed-tests/:id', async (request) => {
    parseInput(NoQuery, request.query, 'query');
    const { user } = await app.requireUser(request);
    const results = await app.sessions.results(await finishedTest(user.id, request.params.id), request.locale);
    return {
      data: {
        ...results,
        blocks: results.blocks.map(({ questions, ...block }) => ({ ...block, question_count: questions.length })),
      },
    };
  });

  app.get<{ Params: { id: string } }>('/completed-tests/:id/grouped-details', async (request) => {
    const { group_id } = parseInput(GroupedDetailsQuery, request.query, 'query');
    const { user } = await app.requireUser(request);
    const results = await app.sessions.results(await finishedTest(user.id, request.params.id), request.locale);
    const block = results.blocks.find((b) => b.id === group_id);
    if (!block) throw new HttpError(404, phrase('noSuchBlock'));
    return { data: block };
  });

  app.post('/link-test', async (request) => {
    parseInput(NoQuery, request.query, 'query');
    const { user } = await app.requireUser(request);
    const body = parseInput(LinkTestRequest, request.body, 'request body');
    const session = await app.sessions.link(body.item, body.api_token, user.id);
    return { data: { uuid: session.uuid, status: session.status } };
  });
}
