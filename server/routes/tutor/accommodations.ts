import type { FastifyInstance } from 'fastify';
import * as accommodations from '../../../contract/endpoints/accommodations.ts';
import { serve } from '../serve.ts';

/** The tutor's standing accommodations for their students. */
export default async function accommodationRoutes(app: FastifyInstance) {
  serve(app, accommodations.accommodations, {
    handle: async ({ caller }) => app.accommodations.list(caller.user.id),
  });

  serve(app, accommodations.saveAccommodation, {
    handle: async ({ caller, body }) => app.accommodations.save(caller.user, body),
  });

  serve(app, accommodations.removeAccommodation, {
    handle: async ({ caller, params }) => app.accommodations.remove(caller.user, params.id),
  });
}
