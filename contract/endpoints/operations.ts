/**
 * What the person running the server watches: whether the process is up, whether it can serve, and
 * its metrics. Outside `/v1`, where load balancers and scrapers look for them.
 */
import { endpoint } from '../endpoint.ts';
import { Health, Readiness } from '../operations.ts';
import { NoQuery } from '../requests.ts';
import { string } from '../structs.ts';

export const health = endpoint({
  method: 'GET',
  path: '/health',
  query: NoQuery,
  answer: Health,
  status: 200,
  access: 'public',
  bare: true,
  summary: 'The process is up (for a supervisor’s liveness check); it reads nothing',
});

export const ready = endpoint({
  method: 'GET',
  path: '/ready',
  query: NoQuery,
  answer: Readiness,
  status: 200,
  access: 'public',
  bare: true,
  summary:
    'Whether this process can serve: database reachable, migrations current, Redis reachable when configured, not stopping; 503 with the reason when not',
});

export const metrics = endpoint({
  method: 'GET',
  path: '/metrics',
  query: NoQuery,
  answer: string(),
  status: 200,
  access: 'secret',
  bare: true,
  summary:
    'Prometheus text: requests and latency per route and status, answers, the answer writer, sessions, pool, event loop',
  note: 'off (404) unless METRICS_TOKEN is set; then `Authorization: Bearer` that token, else 401',
});

/** Every operator's route, outside `/v1`. */
export const OPERATOR_ENDPOINTS = [health, ready, metrics];
