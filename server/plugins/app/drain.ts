/**
 * A graceful stop: keep answering while requests still come (each answer telling its client to close
 * the connection), and close only once it has been quiet for a moment. Closing the listener or the
 * "idle" keep-alive sockets at once would reset requests still queued in the kernel: a taker's answer
 * must never be cut off that way.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once nothing has been in flight for `quietMs`, or after `maxMs` at most. */
    drain(options?: { quietMs?: number; maxMs?: number }): Promise<void>;
    /** The server is stopping: `/ready` says so, and balancers send no more. */
    isDraining(): boolean;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    let inFlight = 0;
    let lastActivity = Date.now();
    let draining = false;

    app.addHook('onRequest', async (_request, reply) => {
      inFlight++;
      lastActivity = Date.now();
      if (draining) reply.header('connection', 'close');
    });
    app.addHook('onResponse', async () => {
      inFlight--;
      lastActivity = Date.now();
    });

    app.decorate('isDraining', () => draining);
    app.decorate('drain', async ({ quietMs = 300, maxMs = 10_000 } = {}) => {
      draining = true;
      const started = Date.now();
      while (Date.now() - started < maxMs && (inFlight > 0 || Date.now() - lastActivity < quietMs)) {
        await new Promise((r) => setTimeout(r, 25));
      }
    });
  },
  { name: 'drain' },
);
