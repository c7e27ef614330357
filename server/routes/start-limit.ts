import type { FastifyInstance, FastifyRequest } from 'fastify';

const MINUTE = 60_000;

/**
 * Test starts per IP in a minute, one allowance whichever way a test is started (a catalog lesson,
 * an assignment); `kind` names another allowance of the same size (an assignment's lobby).
 */
export const startsPerIp =
  (app: FastifyInstance, kind: 'start' | 'lobby' = 'start') =>
  (request: FastifyRequest) =>
    app.limit(request, [[`${kind}:ip:${request.ip}`, app.limits.startsPerIp, MINUTE]]);
