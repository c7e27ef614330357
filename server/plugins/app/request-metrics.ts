/**
 * Every answered request into the metrics, by its route's pattern (never the path itself, whose
 * ids would make a series per session) and status. Registered only when metrics are on.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from '../../services/platform/metrics.ts';

export default fp<{ metrics: Metrics }>(
  async (app: FastifyInstance, { metrics }) => {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });
  },
  { name: 'request-metrics' },
);
