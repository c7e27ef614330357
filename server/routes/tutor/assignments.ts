import type { FastifyInstance } from 'fastify';
import * as assignments from '../../../contract/endpoints/assignments.ts';
import { serve } from '../serve.ts';

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

  serve(app, assignments.publicAssignment, {
    handle: async ({ params }, request) => app.assignments.byCode(params.code, request.locale),
  });

  serve(app, assignments.startAssignment, {
    handle: async ({ caller, params, body }, request) =>
      app.sessions.startAssigned(
        await app.assignments.admit(params.code, caller?.user ?? null, body.display_name),
        request.locale,
      ),
  });

  serve(app, assignments.assignmentMonitor, {
    handle: async ({ caller, params }, request) => app.assignments.monitor(caller.user.id, params.id, request.locale),
  });

  serve(app, assignments.assignmentResults, {
    handle: async ({ caller, params }, request) =>
      app.assignmentResults.table(caller.user.id, params.id, request.locale),
  });

  serve(app, assignments.assignmentAnalysis, {
    handle: async ({ caller, params }, request) =>
      app.assignmentResults.analysis(caller.user.id, params.id, request.locale),
  });

  serve(app, assignments.assignmentResultsCsv, {
    handle: async ({ caller, params }, request, reply) => {
      const csv = await app.assignmentResults.csv(caller.user.id, params.id, request.locale);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="results-${params.id}.csv"`)
        .send(csv);
    },
  });

  serve(app, assignments.startSignal, {
    handle: async ({ caller, params }, request) => app.assignments.signal(caller.user.id, params.id, request.locale),
  });
}
