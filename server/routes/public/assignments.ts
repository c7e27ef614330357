import type { FastifyInstance } from 'fastify';
import * as assignments from '../../../contract/endpoints/assignments.ts';
import { serve } from '../serve.ts';
import { startsPerIp } from '../start-limit.ts';

/** An assignment as its takers meet it: what it is, its lobby, and a start (anyone with its code). */
export default async function takerAssignmentRoutes(app: FastifyInstance) {
  serve(app, assignments.publicAssignment, {
    handle: async ({ params }, request) => app.assignmentTakers.byCode(params.code, request.locale),
  });

  serve(app, assignments.startAssignment, {
    limit: startsPerIp(app),
    handle: async ({ caller, params, body }, request) => {
      const admitted = await app.assignmentTakers.admit(params.code, caller?.user ?? null, body.display_name);
      const started = await app.sessions.starts.assigned(admitted, request.locale);
      await app.assignmentTakers.leaveLobby(admitted.assignment.id, body.waiter);
      return started;
    },
  });

  serve(app, assignments.lobby, {
    // A device asks again only when its held request ends (20 s) or fails: a start's allowance is ample.
    limit: startsPerIp(app, 'lobby'),
    handle: async ({ caller, params, body }) => app.assignmentTakers.lobby(params.code, caller?.user ?? null, body),
  });
}
