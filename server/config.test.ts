import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: resolve('data'),
      databaseUrl: null,
      schema: null,
      poolSize: 10,
      preparedStatements: true,
      publicUrl: 'http://localhost:3000',
      answerGraceSeconds: 60,
      offlineGraceSeconds: 86_400,
      smtpUrl: null,
      mailFrom: 'Zalik <no-reply@zalik.local>',
      oidc: null,
      distDir: resolve('dist'),
      logLevel: 'info',
      corsOrigins: [],
      redisUrl: null,
      redisPrefix: 'zalik:limits:',
      limits: {
        loginPerIp: 3000,
        registerPerIp: 1000,
        startsPerIp: 6000,
        answersPerSession: 1200,
        answersPerIp: 300_000,
        finishesPerSession: 30,
        signalsPerSession: 30,
      },
      http: { headersMs: 10_000, requestMs: 60_000, keepAliveMs: 10_000, idleMs: 60_000 },
      testsPerTutor: 200,
      storagePerTutor: 200 * 1024 * 1024,
      bankReading: { threads: 2, budgetMs: 20_000 },
      workers: 1,
      metricsToken: null,
      trustProxy: false,
      images: { kind: 'folder', bucket: null },
      ltiAdmins: [],
      privacy: { attemptsKeptDays: 0, deletedAccountAttempts: 'anonymise', sweepHourUtc: 3 },
    });
  });

  it('keeps images in the folder alone, in the database with PostgreSQL, in a bucket with S3_URL', () => {
    const pg = { DATABASE_URL: 'postgres://zalik@db/zalik' };
    expect(loadConfig(pg).images).toEqual({ kind: 'database', bucket: null });
    expect(loadConfig({ ...pg, IMAGE_STORE: 'folder' }).images.kind).toBe('folder');
    const s3 = loadConfig({
      ...pg,
      S3_URL: 'https://AKIA%2FX:se%2Bcret@s3.eu-central-1.amazonaws.com/school/zalik/images',
      S3_REGION: 'eu-central-1',
    });
    expect(s3.images).toEqual({
      kind: 'bucket',
      bucket: {
        endpoint: 'https://s3.eu-central-1.amazonaws.com',
        bucket: 'school',
        prefix: 'zalik/images/',
        accessKeyId: 'AKIA/X',
        secretAccessKey: 'se+cret',
        region: 'eu-central-1',
      },
    });
    expect(loadConfig({ S3_URL: 'http://k:s@127.0.0.1:9000/b' }).images.bucket?.prefix).toBe('');
    expect(() => loadConfig({ IMAGE_STORE: 'bucket' })).toThrow(/IMAGE_STORE=bucket needs S3_URL/);
    expect(() => loadConfig({ IMAGE_STORE: 'disk' })).toThrow(/IMAGE_STORE must be one of folder, database, bucket/);
    expect(() => loadConfig({ S3_URL: 'https://s3.example.org/bucket' })).toThrow(/both credentials/);
    expect(() => loadConfig({ S3_URL: 'ftp://k:s@host/bucket' })).toThrow(/S3_URL must look like/);
    expect(() => loadConfig({ S3_URL: 'k:s@host' })).toThrow(/S3_URL must look like/);
    expect(() => loadConfig({ S3_URL: 'https://k:s@host/' })).toThrow(/the bucket/);
    expect(() => loadConfig({ S3_URL: 'https://k:s@host/b', S3_REGION: 'Europe West' })).toThrow(/S3_REGION/);
  });

  it('reads how long attempts are kept and what a deleted account leaves, refusing nonsense', () => {
    expect(
      loadConfig({ ATTEMPTS_KEPT_DAYS: '365', DELETED_ACCOUNT_ATTEMPTS: 'remove', RETENTION_SWEEP_HOUR: '23' }).privacy,
    ).toEqual({ attemptsKeptDays: 365, deletedAccountAttempts: 'remove', sweepHourUtc: 23 });
    expect(() => loadConfig({ ATTEMPTS_KEPT_DAYS: '-1' })).toThrow(/ATTEMPTS_KEPT_DAYS must be a whole number/);
    expect(() => loadConfig({ DELETED_ACCOUNT_ATTEMPTS: 'keep' })).toThrow(
      /DELETED_ACCOUNT_ATTEMPTS must be one of anonymise, remove/,
    );
    expect(() => loadConfig({ RETENTION_SWEEP_HOUR: '24' })).toThrow(/RETENTION_SWEEP_HOUR/);
  });

  it('reads the HTTP time limits in seconds, refusing headers allowed longer than the whole request', () => {
    expect(loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '5', HTTP_IDLE_TIMEOUT_SECONDS: '120' }).http).toEqual({
      headersMs: 5_000,
      requestMs: 60_000,
      keepAliveMs: 10_000,
      idleMs: 120_000,
    });
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '90', HTTP_REQUEST_TIMEOUT_SECONDS: '30' })).toThrow(
      /HTTP_HEADERS_TIMEOUT_SECONDS must not be longer/,
    );
    expect(() => loadConfig({ HTTP_KEEP_ALIVE_SECONDS: '0' })).toThrow(/HTTP_KEEP_ALIVE_SECONDS/);
  });

  it('reads the request limits and the Redis that shares them, refusing nonsense', () => {
    const config = loadConfig({
      REDIS_URL: 'redis://127.0.0.1:6379/2',
      REDIS_PREFIX: 'school:',
      RATE_LIMIT_STARTS_PER_IP: '5000',
      RATE_LIMIT_ANSWERS_PER_SESSION: '60',
    });
    expect(config).toMatchObject({
      redisUrl: 'redis://127.0.0.1:6379/2',
      redisPrefix: 'school:',
      limits: { startsPerIp: 5000, answersPerSession: 60 },
    });
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL must be a redis:\/\//);
    for (const name of [
      'RATE_LIMIT_LOGIN_PER_IP',
      'RATE_LIMIT_REGISTER_PER_IP',
      'RATE_LIMIT_STARTS_PER_IP',
      'RATE_LIMIT_ANSWERS_PER_SESSION',
      'RATE_LIMIT_ANSWERS_PER_IP',
      'RATE_LIMIT_FINISHES_PER_SESSION',
    ]) {
      for (const bad of ['0', '-5', 'lots', '1.5'])
        expect(() => loadConfig({ [name]: bad }), `${name}=${bad}`).toThrow(name);
    }
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/z',
      DATABASE_URL: 'postgres://u:p@db:5432/zalik',
      PUBLIC_URL: 'https://zalik.example/',
      ANSWER_GRACE_SECONDS: '0',
      DIST_DIR: 'none',
      LOG_LEVEL: 'warn',
      SMTP_URL: 'smtp://mail.example:587',
      OIDC_ISSUER: 'http://127.0.0.1:4000/',
      OIDC_CLIENT_ID: 'zalik',
      OIDC_CLIENT_SECRET: 'secret',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/tmp/z',
      databaseUrl: 'postgres://u:p@db:5432/zalik',
      publicUrl: 'https://zalik.example',
      answerGraceSeconds: 0,
      distDir: null,
      logLevel: 'warn',
      smtpUrl: 'smtp://mail.example:587',
      oidc: { issuer: 'http://127.0.0.1:4000', clientId: 'zalik', clientSecret: 'secret' },
    });
  });

  it('names every bad value at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', PUBLIC_URL: 'ftp://x', ANSWER_GRACE_SECONDS: '-1' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT must be a whole number from 0 to 65535, got "eighty"/);
    expect(message).toMatch(/DATABASE_URL must be a postgres:\/\//);
    expect(message).toMatch(/PUBLIC_URL must be an http/);
    expect(message).toMatch(/ANSWER_GRACE_SECONDS must be a whole number/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example' })).toThrow(/go together/);
    expect(() =>
      loadConfig({ OIDC_ISSUER: 'http://id.example', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }),
    ).toThrow(/http:\/\/ only on loopback/);
    expect(() => loadConfig({ SMTP_URL: 'mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ANSWER_GRACE_SECONDS: '600', OFFLINE_GRACE_SECONDS: '60' })).toThrow(/OFFLINE_GRACE/);
    expect(() => loadConfig({ DATABASE_SCHEMA: 'Bad-Name' })).toThrow(/DATABASE_SCHEMA/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ IMPORT_READERS: '0' })).toThrow(/IMPORT_READERS must be a whole number from 1 to 16/);
    expect(() => loadConfig({ IMPORT_READ_SECONDS: '1.5' })).toThrow(/IMPORT_READ_SECONDS/);
    expect(loadConfig({ IMPORT_READERS: '4', IMPORT_READ_SECONDS: '60' }).bankReading).toEqual({
      threads: 4,
      budgetMs: 60_000,
    });
    expect(loadConfig({ DATABASE_POOL_SIZE: '40' }).poolSize).toBe(40);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'off' }).preparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'no' })).toThrow(
      /DATABASE_PREPARED_STATEMENTS must be one of on, off/,
    );
  });
});
