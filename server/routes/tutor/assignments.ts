import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as assignments from '../../../contract/endpoints/assignments.ts';
import { sendWithListText } from '../json-with-list-text.ts';
import { serve } from '../serve.ts';
import { ownedAssignment } from './owned-assignment.ts';

/** A CSV export, to be saved by the browser under `name`. */
function sendCsv(reply: FastifyReply, name: string, body: string | Readable) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(body);
}

/** The tutor's assignments: managing them, watching them, their results and exports. */
export default async function assignmentRoutes(app: FastifyInstance) {
  serve(app, assignments.assignments, {
    handle: async ({ caller }, request) => app.assignments.list(caller.user.id, request.locale),
  });

  serve(app, assignments.createAssignment, {
    handle: async ({ caller, body }, request) => app.assignments.create(caller.user.id, request.locale, body),
  });

  serve(app, assignments.assignment, {
    handle: async ({ caller, params }, request) => app.assignments.get(caller.user.id, params.id, request.locale),
  });

  serve(app, assignments.closeAssignment, {
    handle: async ({ caller, params }, request) => app.assignments.close(caller.user.id, params.id, request.locale),
  });

  serve(app, assignments.deleteAssignment, {
    handle: async ({ caller, params }) => {
      await app.assignments.remove(caller.user.id, params.id);
      return { ok: true as const };
    },
  });

  serve(app, assignments.extraTime, {
    owned: ownedAssignment(app),
    handle: async ({ caller, params, body }) =>
      app.assignments.extraTime(caller.user, params.id, params.session, body.minutes),
  });

  serve(app, assignments.attemptReview, {
    handle: async ({ caller, params }, request) =>
      app.assignmentResults.attempt(caller.user.id, params.id, params.session, request.locale),
  });

  serve(app, assignments.rescore, {
    handle: async ({ caller, params }) => app.assignmentResults.rescore(caller.user, params.id),
  });

  serve(app, assignments.markingSheet, {
    handle: async ({ caller, params, query }, request) =>
      app.handMarking.sheet(caller.user.id, params.id, request.locale, query.anonymous === '1'),
  });

  serve(app, assignments.giveMark, {
    owned: ownedAssignment(app),
    handle: async ({ caller, params, body }) =>
      app.handMarking.mark(caller.user, params.id, params.session, params.question, body),
  });

  serve(app, assignments.assignmentChanges, {
    handle: async ({ caller, params }) => app.assignments.changes(caller.user.id, params.id),
  });

  serve(app, assignments.assignmentAnswersCsv, {
    handle: async ({ caller, params }, request, reply) => {
      const rows = app.assignmentResults.answersCsv(caller.user.id, params.id, request.locale);
      // The first chunk (the header) is read here, so that a refusal (not found) is still a 404.
      const first = await rows.next();
      const stream = Readable.from(
        (async function* () {
          if (!first.done) yield first.value;
          yield* rows;
        })(),
      );
      return sendCsv(reply, `answers-${params.id}.csv`, stream);
    },
  });

  serve(app, assignments.assignmentMonitor, {
    // Read every 1.5 s by each watching tutor while the class answers: the takers go out as the
    // database wrote them (monitor-takers.ts).
    handle: async ({ caller, params, query }, _request, reply) => {
      const { monitor, takersJson } = await app.assignmentMonitor.read(
        caller.user.id,
        params.id,
        query.since === undefined ? undefined : Number(query.since),
      );
      return sendWithListText(reply, monitor, 'takers', takersJson);
    },
  });

  serve(app, assignments.assignmentResults, {
    handle: async ({ caller, params }) => app.assignmentResults.table(caller.user.id, params.id),
  });

  serve(app, assignments.assignmentAnalysis, {
    handle: async ({ caller, params }, request) =>
      app.assignmentResults.analysis(caller.user.id, params.id, request.locale),
  });

  serve(app, assignments.assignmentAnalysisCsv, {
    handle: async ({ caller, params }, request, reply) => {
      const csv = await app.assignmentResults.analysisCsv(caller.user.id, params.id, request.locale);
      return sendCsv(reply, `analysis-${params.id}.csv`, csv);
    },
  });

  serve(app, assignments.assignmentResultsCsv, {
    handle: async ({ caller, params }, request, reply) => {
      const csv = await app.assignmentResults.csv(caller.user.id, params.id, request.locale);
      return sendCsv(reply, `results-${params.id}.csv`, csv);
    },
  });

  serve(app, assignments.removeAttempt, {
    handle: async ({ caller, params }) => {
      await app.assignmentResults.removeAttempt(caller.user, params.id, params.session);
      return { ok: true as const };
    },
  });

  serve(app, assignments.startSignal, {
    handle: async ({ caller, params }, request) => app.assignments.signal(caller.user.id, params.id, request.locale),
  });
}
