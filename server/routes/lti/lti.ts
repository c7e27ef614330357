import type { FastifyInstance } from 'fastify';
import * as lti from '../../../contract/endpoints/lti.ts';
import { serve } from '../serve.ts';

/** What Zalik publishes as an LTI 1.3 tool. */
export default async function ltiRoutes(app: FastifyInstance) {
  serve(app, lti.ltiKeys, {
    handle: async () => app.ltiKeys.jwks(),
  });
}
