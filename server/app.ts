/** Builds the Zalik server: the `/v1` API and, when built, the PWA. `server.ts` only listens. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { API_BASE_PATTERN } from '../app-shell/api-origin.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { clientErrorHandler, frameworkErrorHandler } from './framework-errors.ts';
import { requestLoggers } from './logging.ts';
import auth from './plugins/app/auth.ts';
import bodyDepth from './plugins/app/body-depth.ts';
import drain from './plugins/app/drain.ts';
import errors, { notFoundBody } from './plugins/app/errors.ts';
import examRoomPlugin from './plugins/app/exam-room.ts';
import jobs from './plugins/app/jobs.ts';
import jsonBody from './plugins/app/json-body.ts';
import locale from './plugins/app/locale.ts';
import ltiServices from './plugins/app/lti.ts';
import privacy from './plugins/app/privacy.ts';
import rateLimits from './plugins/app/rate-limits.ts';
import receiptsPlugin from './plugins/app/receipts.ts';
import requestMetrics from './plugins/app/request-metrics.ts';
import services from './plugins/app/services.ts';
import textRule from './plugins/app/text-rule.ts';
import securityHeaders, { recordedHelmetHeaders } from './plugins/external/security-headers.ts';
import staticApp from './plugins/external/static-app.ts';
import authRoutes from './routes/auth/auth.ts';
import googleRoutes from './routes/auth/google.ts';
import openApiRoutes from './routes/docs/openapi.ts';
import imageRoutes from './routes/images/images.ts';
import ltiRoutes from './routes/lti/lti.ts';
import operationRoutes from './routes/operations/operations.ts';
import profileRoutes from './routes/profile/profile.ts';
import takerAssignmentRoutes from './routes/public/assignments.ts';
import catalogRoutes from './routes/public/catalog.ts';
import onlineRoutes from './routes/public/online.ts';
import receiptRoutes from './routes/public/receipts.ts';
import accommodationRoutes from './routes/tutor/accommodations.ts';
import assignmentRoutes from './routes/tutor/assignments.ts';
import examRoomRoutes from './routes/tutor/exam-room.ts';
import tutorTestRoutes from './routes/tutor/tests.ts';
import { GoogleSignIn } from './services/accounts/google-sign-in.ts';
import type { Mailer } from './services/accounts/mailer.ts';
import { loadAppShell } from './services/platform/app-shell.ts';
import { Metrics } from './services/platform/metrics.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  now?: () => number;
  /**
   * The background jobs (services/platform/job-runner.ts); false in tests, which run a job's work by
   * hand (`sessions.sweep()`, `lti.grades.runOnce()`) on a clock of their own.
   */
  jobs?: boolean;
  /** Where mail goes instead of SMTP or files (tests). */
  mailer?: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    hasGoogleSignIn: boolean;
    limits: Config['limits'];
  }
}

/**
 * The API origin the served app was built to call (its build.json's `api`, from ZALIK_API_BASE), or
 * null when it calls this server: its pages' policy must then let them reach that origin.
 */
function builtForApi(distDir: string): string | null {
  try {
    const built = JSON.parse(readFileSync(join(distDir, 'build.json'), 'utf8')) as { api?: unknown };
    return typeof built.api === 'string' && API_BASE_PATTERN.test(built.api) ? built.api : null;
  } catch {
    return null;
  }
}

/** Large enough for a batch of answers, small enough that nobody can fill memory with one request. */
const BODY_LIMIT = 256 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const headers = recordedHelmetHeaders(config.publicUrl.startsWith('https:'), {
    api: config.distDir ? builtForApi(config.distDir) : null,
    callers: config.corsOrigins,
  });
  const app = Fastify({
    logger: options.logger ?? false,
    ...(options.logger ? { childLoggerFactory: requestLoggers } : {}),
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 200 },
    // Behind a TLS proxy, the client's address comes from X-Forwarded-For, believed only from the
    // proxies named: limits and logs then count the client, not the proxy.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Keep-alive helps clients that send many answers; the other limits stop clients that send
    // slowly from holding sockets (config.ts, HttpTimeouts).
    keepAliveTimeout: config.http.keepAliveMs,
    requestTimeout: config.http.requestMs,
    connectionTimeout: config.http.idleMs,
    http: {
      headersTimeout: config.http.headersMs,
      requestTimeout: config.http.requestMs,
      // Node checks the two timeouts above on this beat (30 s by default, which would let a slow
      // client hold its socket that much longer).
      connectionsCheckingInterval: Math.min(1000, config.http.headersMs),
    },
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
  });

  // The API speaks JSON only: any other body is refused before a route sees it.
  app.removeContentTypeParser(['text/plain']);
  // Metrics only when someone may read them (METRICS_TOKEN): otherwise nothing is counted at all.
  const metrics = config.metricsToken
    ? new Metrics({
        writerQueue: () => app.sessions.writer.pending,
        runningSessions: () => app.sessions.runningCount(),
        pool: () => options.database.poolStats?.() ?? null,
        jobs: () => app.jobs.states,
      })
    : null;
  if (metrics) await app.register(requestMetrics, { metrics });
  await app.register(jsonBody);
  await app.register(drain);
  await app.register(errors);
  await app.register(bodyDepth);
  await app.register(securityHeaders, { headers, corsOrigins: config.corsOrigins });
  await app.register(locale);
  await app.register(textRule);
  await app.register(rateLimits, {
    now: options.now ?? Date.now,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
  });
  await app.register(jobs, { now: options.now ?? Date.now, enabled: options.jobs ?? true, database: options.database });
  await app.register(services, {
    database: options.database,
    answerGraceMs: config.answerGraceSeconds * 1000,
    offlineGraceMs: config.offlineGraceSeconds * 1000,
    now: options.now ?? Date.now,
    testsPerTutor: config.testsPerTutor,
    storagePerTutor: config.storagePerTutor,
    bankReading: config.bankReading,
    imagesDir: join(config.dataDir, 'images'),
    imageStore: config.images,
    ...(metrics ? { answerEvents: metrics } : {}),
  });

  await app.register(examRoomPlugin, { now: options.now ?? Date.now });
  await app.register(receiptsPlugin, { now: options.now ?? Date.now, publicUrl: config.publicUrl });
  await app.register(privacy, {
    now: options.now ?? Date.now,
    privacy: config.privacy,
  });
  await app.register(auth, {
    config,
    now: options.now ?? Date.now,
    ...(options.mailer ? { mailer: options.mailer } : {}),
  });
  await app.register(ltiServices, {
    now: options.now ?? Date.now,
    publicUrl: config.publicUrl,
  });
  const google = config.oidc
    ? new GoogleSignIn(options.database.db, app.accounts, {
        ...config.oidc,
        publicUrl: config.publicUrl,
        now: options.now ?? Date.now,
        log: (error, what) => app.log.warn({ err: error }, what),
      })
    : null;
  app.decorate('hasGoogleSignIn', google !== null);
  app.decorate('limits', config.limits);
  // Each answer says how long the server itself took on it, apart from any wait before it was read.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
  });

  // Each route's method and path come from the contract's endpoint table (server/routes/serve.ts).
  await app.register(catalogRoutes);
  await app.register(onlineRoutes);
  await app.register(authRoutes, { publicUrl: config.publicUrl });
  await app.register(profileRoutes);
  await app.register(receiptRoutes);
  await app.register(examRoomRoutes);
  await app.register(googleRoutes, { google, secureCookies: config.publicUrl.startsWith('https:') });
  await app.register(tutorTestRoutes);
  await app.register(imageRoutes);
  await app.register(assignmentRoutes);
  await app.register(accommodationRoutes);
  await app.register(takerAssignmentRoutes);
  await app.register(openApiRoutes);
  await app.register(ltiRoutes, { publicUrl: config.publicUrl });
  await app.register(operationRoutes, { metrics, metricsToken: config.metricsToken });

  if (config.distDir) await app.register(staticApp, { root: config.distDir });
  const appShell = config.distDir && app.serveAppShell ? loadAppShell(config.distDir) : null;

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing file (say, a chunk of an older build) must be a 404, not the shell in its place.
    const looksLikeFile = /\.[A-Za-z0-9]+$/.test(path);
    if (appShell && wantsPage && !looksLikeFile && !path.startsWith('/v1/') && path !== '/v1') {
      // The shell renders every path, its own 404 page included; the status tells crawlers and tools.
      const { status, html } = appShell.render(path);
      return reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return reply.status(404).send(notFoundBody(request));
  });

  return app;
}
