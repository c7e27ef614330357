/**
 * The operator's routes: `/health` (the process is up), `/ready` (it can serve) and `/metrics`
 * (Prometheus text, behind METRICS_TOKEN). They carry no personal data and no configuration.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as operations from '../../../contract/endpoints/operations.ts';
import { HttpError } from '../../http-error.ts';
import { phrase } from '../../i18n/messages.ts';
import type { Metrics } from '../../services/platform/metrics.ts';
import { readiness } from '../../services/platform/readiness.ts';
import { serve } from '../serve.ts';

function holdsToken(request: FastifyRequest, token: string): boolean {
  const sent = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const [a, b] = [Buffer.from(sent), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

export default async function operationRoutes(
  app: FastifyInstance,
  options: { metrics: Metrics | null; metricsToken: string | null },
) {
  serve(app, operations.health, { handle: async () => ({ status: 'ok' as const, node: process.versions.node }) });

  serve(app, operations.ready, {
    handle: async (_input, _request, reply) => {
      const state = await readiness(app.database, app.redis, app.isDraining());
      if (state.status !== 'ready') reply.status(503);
      return state;
    },
  });

  serve(app, operations.metrics, {
    handle: async (_input, request, reply) => {
      const { metrics, metricsToken } = options;
      if (!metrics || !metricsToken) throw new HttpError(404, phrase('metricsOff'));
      if (!holdsToken(request, metricsToken)) throw new HttpError(401, phrase('metricsToken'));
      const { text, contentType } = await metrics.exposition();
      return reply.type(contentType).send(text);
    },
  });
}
