/**
 * Request limits through @fastify/rate-limit: counters in this process (on the app's clock, so tests
 * can move time), or in Redis when REDIS_URL is set so that several server processes share them.
 * Routes call `app.limit(request, rules)` with their own keys (an address, an IP, a session), since
 * one call may count against several limits and some keys come from the body.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { HttpError } from '../../http-error.ts';
import { message } from '../../i18n/messages.ts';
import { type LoginBackoff, memoryBackoff, redisBackoff } from '../../services/accounts/login-backoff.ts';
import { RateLimiter } from '../../services/platform/rate-limiter.ts';

export type LimitRule = [key: string, limit: number, windowMs: number];

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts one hit against each rule; a 429 with Retry-After (in the request's language) once any is over. */
    limit(request: FastifyRequest, rules: LimitRule[]): Promise<void>;
    /** Growing delays for sign-ins to one account from any address (services/accounts/login-backoff.ts). */
    loginBackoff: LoginBackoff;
    /** The shared Redis when REDIS_URL is set (`/ready` checks it); null otherwise. */
    redis: Redis | null;
  }
}

/** The 429 of every limit: Retry-After in seconds and the message in the request's language. */
export function tooManyRequests(request: FastifyRequest, waitMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new HttpError(429, message('tooMany', request.locale, { seconds }), undefined, {
    'retry-after': String(seconds),
  });
}

export interface RateLimitOptions {
  now: () => number;
  redisUrl: string | null;
  /** Prefix of the Redis keys, so that several apps can share one Redis. */
  redisPrefix: string;
}

type StoreCallback = (error: Error | null, result: { current: number; ttl: number }) => void;

/** The plugin's store interface over the in-process fixed windows, on the app's clock. */
function clockStore(limiter: RateLimiter) {
  return class ClockStore {
    incr(key: string, callback: StoreCallback, timeWindow: number, max: number) {
      const { count, resetAt } = limiter.count(key, timeWindow);
      void max;
      callback(null, { current: count, ttl: Math.max(0, resetAt - limiter.now()) });
    }
    child() {
      return this;
    }
  };
}

const RULE_KEY = Symbol('rate limit key');

export default fp<RateLimitOptions>(
  async (app: FastifyInstance, options) => {
    const redis = options.redisUrl
      ? new Redis(options.redisUrl, {
          // A request must not hang on a Redis that went away: fail fast, the limit is then skipped.
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          connectTimeout: 2000,
          lazyConnect: false,
          // The counts asked for in one turn of the event loop (a class's answers) go in one write.
          enableAutoPipelining: true,
        })
      : null;
    app.decorate('redis', redis);
    if (redis) {
      redis.on('error', (error) => app.log.warn({ err: error }, 'Redis for rate limits is unreachable'));
      app.addHook('onClose', async () => {
        redis.disconnect();
      });
      // Start counting from the first request; a Redis that is down at start is only logged.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 3000);
        redis.once('ready', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    await app.register(rateLimit, {
      global: false,
      // Exams matter more than counters: with Redis down, requests go through rather than fail.
      skipOnError: true,
      ...(redis
        ? { redis, nameSpace: options.redisPrefix }
        : { store: clockStore(new RateLimiter(options.now)) as never }),
    });

    const limiters = new Map<string, ReturnType<FastifyInstance['createRateLimit']>>();
    function limiterFor(limit: number, windowMs: number) {
      const id = `${limit}/${windowMs}`;
      let limiter = limiters.get(id);
      if (!limiter) {
        limiter = app.createRateLimit({
          max: limit,
          timeWindow: windowMs,
          keyGenerator: (request) => (request as unknown as Record<symbol, string>)[RULE_KEY] as string,
        });
        limiters.set(id, limiter);
      }
      return limiter;
    }

    app.decorate('limit', async (request: FastifyRequest, rules: LimitRule[]) => {
      // Every rule is counted at once (with Redis, in one round trip rather than one per rule). Each
      // count is given a small object of its own carrying the rule's key: all the limiter reads of a
      // request is its key and its route's options (none here). Not the request as a prototype: V8
      // turns an object used as a prototype into a slow one, and the answer path lost a quarter of
      // its throughput to it.
      const results = await Promise.all(
        rules.map(([key, limit, windowMs]) =>
          limiterFor(limit, windowMs)({ [RULE_KEY]: key, routeOptions: {} } as unknown as FastifyRequest),
        ),
      );
      for (const result of results)
        if (!result.isAllowed && result.isExceeded) throw tooManyRequests(request, result.ttlInSeconds * 1000);
    });

    app.decorate(
      'loginBackoff',
      redis
        ? redisBackoff(redis, options.redisPrefix, options.now, (error) =>
            app.log.warn({ err: error }, 'Redis for sign-in delays is unreachable'),
          )
        : memoryBackoff(options.now),
    );
  },
  { name: 'rate-limits', dependencies: ['locale'] },
);
