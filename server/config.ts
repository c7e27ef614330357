/**
 * Environment configuration, validated once at start so that a bad value stops the server with a
 * message naming the variable instead of failing later in a request.
 */
import { resolve } from 'node:path';
import { type ImageStoreConfig, imageStoreOf } from './config-images.ts';
import { ltiAdminsOf } from './config-lti.ts';
import { type PrivacyConfig, privacyOf } from './config-privacy.ts';
import { trustProxyOf } from './config-trust-proxy.ts';
import { type Env, integerIn, oneOf } from './config-values.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL schema for Zalik's tables (created when missing); null uses the connection's default. */
  schema: string | null;
  /** PostgreSQL connections each process keeps open at most. */
  poolSize: number;
  /** PostgreSQL: the queries run again and again as named statements (db/prepared-statements.ts). */
  preparedStatements: boolean;
  publicUrl: string;
  answerGraceSeconds: number;
  /** How long after the deadline answers made before it may still arrive from an offline device. */
  offlineGraceSeconds: number;
  /** SMTP server for mail; null writes each mail as an .eml file under DATA_DIR/mail. */
  smtpUrl: string | null;
  mailFrom: string;
  /** The Google-type OpenID provider; sign-in with it is off when any of the three is missing. */
  oidc: { issuer: string; clientId: string; clientSecret: string } | null;
  /** Built PWA to serve; null serves the API alone (tests, `npm run dev`). */
  distDir: string | null;
  logLevel: string;
  /** Origins allowed to call the API from another site; none by default. */
  corsOrigins: string[];
  /** Shared store for request limits when several processes serve; null keeps them in the process. */
  redisUrl: string | null;
  redisPrefix: string;
  limits: Limits;
  http: HttpTimeouts;
  /** How many tests one tutor may keep (drafts, published and archived). */
  testsPerTutor: number;
  /** How many bytes one tutor's images and test versions may take. */
  storagePerTutor: number;
  /** Uploaded banks: files read at once (threads), and how long one file may take. */
  bankReading: { threads: number; budgetMs: number };
  /** Server processes on the one port (node's cluster); above 1 only with PostgreSQL and Redis. */
  workers: number;
  /** The bearer token `/metrics` asks for; null turns `/metrics` off. */
  metricsToken: string | null;
  /**
   * Which proxies in front may say who the client is (X-Forwarded-For): a hop count, or their
   * addresses and ranges; false believes no one, so limits and logs see the connection's address.
   */
  trustProxy: false | number | string[];
  /** Where images are kept: the folder, the database or a bucket (config-images.ts). */
  images: ImageStoreConfig;
  /** The accounts that keep LTI platform registrations, as e-mail keys (config-lti.ts). */
  ltiAdmins: string[];
  /** How long attempts are kept, and what an account's deletion does with them (config-privacy.ts). */
  privacy: PrivacyConfig;
}

/**
 * How long a connection may take, so that a client sending one byte a second cannot hold a socket:
 * its headers must arrive within `headersMs`, the whole request within `requestMs`; an idle
 * keep-alive connection closes after `keepAliveMs`, any connection silent for `idleMs`.
 */
export interface HttpTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  idleMs: number;
}

/**
 * Request limits. Per address and per account they stop guessing; per IP they are high, because a
 * school puts its whole exam behind one address (its NAT): the defaults let 3,000 pupils of one
 * address start and finish within the same minute, or sign in within ten; per session they are far
 * above any human pace.
 */
export interface Limits {
  /** Sign-ins per IP in 10 minutes (each address also has 10). */
  loginPerIp: number;
  /** Sign-ups per IP in an hour (each address also has 5). */
  registerPerIp: number;
  /** Test starts per IP in a minute. */
  startsPerIp: number;
  /** Answer requests per session in a minute (a batch counts once). */
  answersPerSession: number;
  /** Answer requests per IP in a minute. */
  answersPerIp: number;
  /** Finish requests per session in a minute (finish is idempotent; retries are fine, loops are not). */
  finishesPerSession: number;
  /** Requests of integrity signals per attempt per minute (each carries up to 100). */
  signalsPerSession: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const port = integerIn(env, 'PORT', 3000, 0, 65535, problems);
  const host = env.HOST?.trim() || '127.0.0.1';
  const dataDir = resolve(env.DATA_DIR?.trim() || './data');

  let databaseUrl: string | null = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(`DATABASE_URL must be a postgres:// or postgresql:// URL, got "${databaseUrl}"`);
    databaseUrl = null;
  }

  const schema = env.DATABASE_SCHEMA?.trim() || null;
  if (schema && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    problems.push(`DATABASE_SCHEMA must be a lowercase PostgreSQL name (letters, digits, _), got "${schema}"`);
  }

  // Starts, answers and finishes are committed in batches, at most two commits of each kind under
  // way (services/sessions/commit-batches.ts); reads take the other connections. The processes' pools
  // together stay under the server's max_connections (100 by default).
  const poolSize = integerIn(env, 'DATABASE_POOL_SIZE', 10, 1, 500, problems);
  // Off behind a pooler that hands a connection to each transaction without keeping named
  // statements (PgBouncer before 1.21, or with max_prepared_statements at 0).
  const preparedStatements = oneOf(env, 'DATABASE_PREPARED_STATEMENTS', ['on', 'off'], 'on', problems) === 'on';

  let publicUrl = env.PUBLIC_URL?.trim() || `http://localhost:${port}`;
  try {
    const url = new URL(publicUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    publicUrl = url.origin;
  } catch {
    problems.push(`PUBLIC_URL must be an http:// or https:// URL, got "${publicUrl}"`);
  }

  const answerGraceSeconds = integerIn(env, 'ANSWER_GRACE_SECONDS', 60, 0, 86_400, problems);
  const offlineGraceSeconds = integerIn(env, 'OFFLINE_GRACE_SECONDS', 86_400, 0, 30 * 86_400, problems);
  if (offlineGraceSeconds < answerGraceSeconds) {
    problems.push('OFFLINE_GRACE_SECONDS must not be shorter than ANSWER_GRACE_SECONDS');
  }
  const logLevel = oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info', problems);

  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) problems.push(`SMTP_URL must be an smtp:// or smtps:// URL`);
  const mailFrom = env.MAIL_FROM?.trim() || 'Zalik <no-reply@zalik.local>';

  const issuer = env.OIDC_ISSUER?.trim();
  const clientId = env.OIDC_CLIENT_ID?.trim();
  const clientSecret = env.OIDC_CLIENT_SECRET?.trim();
  let oidc: Config['oidc'] = null;
  if (issuer || clientId || clientSecret) {
    if (!issuer || !clientId || !clientSecret) {
      problems.push('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together: set all three or none');
    } else {
      try {
        const url = new URL(issuer);
        const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
        if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new Error('insecure');
        oidc = { issuer: url.href.replace(/\/$/, ''), clientId, clientSecret };
      } catch {
        problems.push(`OIDC_ISSUER must be an https:// URL (http:// only on loopback), got "${issuer}"`);
      }
    }
  }

  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin))
      problems.push(`CORS_ORIGINS must list origins like https://example.org, got "${origin}"`);
  }

  let redisUrl: string | null = env.REDIS_URL?.trim() || null;
  if (redisUrl && !/^rediss?:\/\/[^/]+/.test(redisUrl)) {
    problems.push(`REDIS_URL must be a redis:// or rediss:// URL, got "${redisUrl}"`);
    redisUrl = null;
  }
  const redisPrefix = env.REDIS_PREFIX?.trim() || 'zalik:limits:';
  const MAX = 100_000_000;
  const limits: Limits = {
    loginPerIp: integerIn(env, 'RATE_LIMIT_LOGIN_PER_IP', 3000, 1, MAX, problems),
    registerPerIp: integerIn(env, 'RATE_LIMIT_REGISTER_PER_IP', 1000, 1, MAX, problems),
    startsPerIp: integerIn(env, 'RATE_LIMIT_STARTS_PER_IP', 6000, 1, MAX, problems),
    answersPerSession: integerIn(env, 'RATE_LIMIT_ANSWERS_PER_SESSION', 1200, 1, MAX, problems),
    answersPerIp: integerIn(env, 'RATE_LIMIT_ANSWERS_PER_IP', 300_000, 1, MAX, problems),
    finishesPerSession: integerIn(env, 'RATE_LIMIT_FINISHES_PER_SESSION', 30, 1, MAX, problems),
    signalsPerSession: integerIn(env, 'RATE_LIMIT_SIGNALS_PER_SESSION', 30, 1, MAX, problems),
  };

  const http: HttpTimeouts = {
    headersMs: integerIn(env, 'HTTP_HEADERS_TIMEOUT_SECONDS', 10, 1, 600, problems) * 1000,
    // A full 256 KB batch of answers over a slow school link (about 6 KB/s) takes some 45 s.
    requestMs: integerIn(env, 'HTTP_REQUEST_TIMEOUT_SECONDS', 60, 1, 3600, problems) * 1000,
    keepAliveMs: integerIn(env, 'HTTP_KEEP_ALIVE_SECONDS', 10, 1, 600, problems) * 1000,
    idleMs: integerIn(env, 'HTTP_IDLE_TIMEOUT_SECONDS', 60, 1, 3600, problems) * 1000,
  };
  if (http.headersMs > http.requestMs) {
    problems.push('HTTP_HEADERS_TIMEOUT_SECONDS must not be longer than HTTP_REQUEST_TIMEOUT_SECONDS');
  }

  const testsPerTutor = integerIn(env, 'TUTOR_TESTS_MAX', 200, 1, 100_000, problems);
  const storagePerTutor = integerIn(env, 'TUTOR_STORAGE_MB', 200, 1, 1_000_000, problems) * 1024 * 1024;
  const bankReading = {
    threads: integerIn(env, 'IMPORT_READERS', 2, 1, 16, problems),
    budgetMs: integerIn(env, 'IMPORT_READ_SECONDS', 20, 1, 600, problems) * 1000,
  };

  const workers = integerIn(env, 'WORKERS', 1, 1, 64, problems);
  if (workers > 1 && !databaseUrl) {
    problems.push(
      'WORKERS above 1 needs PostgreSQL (DATABASE_URL): the embedded SQLite database takes its writes from one process. Leave WORKERS at 1, or set DATABASE_URL',
    );
  }
  if (workers > 1 && !redisUrl) {
    problems.push('WORKERS above 1 needs REDIS_URL: every process must count the request limits in the same place');
  }
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  if (metricsToken !== null && !/^[\x21-\x7e]{24,200}$/.test(metricsToken)) {
    problems.push('METRICS_TOKEN must be 24 to 200 printable characters without spaces');
  }
  const trustProxy = trustProxyOf(env.TRUST_PROXY?.trim() || '', problems);
  const images = imageStoreOf(env, databaseUrl, problems);
  const ltiAdmins = ltiAdminsOf(env, problems);
  const privacy = privacyOf(env, problems);

  const distRaw = env.DIST_DIR?.trim();
  const distDir = distRaw === 'none' ? null : resolve(distRaw || './dist');

  if (problems.length) throw new ConfigError(problems);
  return {
    port,
    host,
    dataDir,
    databaseUrl,
    schema,
    poolSize,
    preparedStatements,
    publicUrl,
    answerGraceSeconds,
    offlineGraceSeconds,
    smtpUrl,
    mailFrom,
    oidc,
    distDir,
    logLevel,
    corsOrigins,
    redisUrl,
    redisPrefix,
    limits,
    http,
    testsPerTutor,
    storagePerTutor,
    bankReading,
    workers,
    metricsToken,
    trustProxy,
    images,
    ltiAdmins,
    privacy,
  };
}
