import type { FastifyInstance } from 'fastify';
import * as assignments from '../../../contract/endpoints/assignments.ts';
import * as profile from '../../../contract/endpoints/profile.ts';
import type { OnlineSessionsTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import { emailKey } from '../../services/accounts/accounts.ts';
import { serve } from '../serve.ts';

export default async function profileRoutes(app: FastifyInstance) {
  async function finishedTest(userId: string, id: string): Promise<OnlineSessionsTable> {
    const session = await app.sessions.ownedBy(id, userId);
    if (session.status !== 'finished') throw new HttpError(409, phrase('resultsNotReady'));
    return session;
  }

  serve(app, profile.completedTests, {
    handle: async ({ caller }, request) => {
      const rows = await app.sessions.finishedOf(caller.user.id);
      const data = [];
      for (const row of rows) {
        // An assigned attempt whose results are not released yet is not among the passed tests.
        const results = await app.sessions.results(row, request.locale).catch((error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 403) return null;
          throw error;
        });
        if (!results) continue;
        const { blocks: _blocks, ...summary } = results;
        data.push(summary);
      }
      return data;
    },
  });

  serve(app, profile.completedTest, {
    handle: async ({ caller, params }, request) => {
      const results = await app.sessions.results(await finishedTest(caller.user.id, params.id), request.locale);
      return {
        ...results,
        blocks: results.blocks.map(({ questions, ...block }) => ({ ...block, question_count: questions.length })),
      };
    },
  });

  serve(app, profile.groupedDetails, {
    handle: async ({ caller, params, query }, request) => {
      const results = await app.sessions.results(await finishedTest(caller.user.id, params.id), request.locale);
      const block = results.blocks.find((b) => b.id === query.group_id);
      if (!block) throw new HttpError(404, phrase('noSuchBlock'));
      return block;
    },
  });

  serve(app, profile.linkTest, {
    handle: async ({ caller, body }) => {
      const session = await app.sessions.link(body.item, body.api_token, caller.user.id);
      return { uuid: session.uuid, status: session.status };
    },
  });

  serve(app, assignments.myAssignments, {
    handle: async ({ caller }, request) => app.assignmentTakers.ofTaker(caller.user.id, request.locale),
  });

  serve(app, profile.personalData, {
    handle: async ({ caller }, request) => app.personalData.export(caller.user, request.locale),
  });

  serve(app, profile.deleteAccount, {
    handle: async ({ caller, body }) => {
      if (emailKey(body.email) !== emailKey(caller.user.email))
        throw new HttpError(422, phrase('typeYourOwnAddress'), { email: [phrase('typeYourOwnAddress')] });
      return app.personalData.deleteAccount(caller.user);
    },
  });
}
