import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest } from './db/migrate.ts';
import { isSecretName, loggerOptions, maskUrl, requestLoggers } from './logging.ts';
import { createTestDatabase, type TestDatabase } from './test/helpers.ts';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.dispose();
  database = undefined;
});

/** A log stream that keeps every line written to it. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe('logs', () => {
  it('masks tokens in URLs', () => {
    expect(maskUrl('/v1/x?api_token=abc&b=1')).toBe('/v1/x?api_token=[redacted]&b=1');
    expect(maskUrl('/v1/auth/confirm-email?token=xyz')).toBe('/v1/auth/confirm-email?token=[redacted]');
    expect(maskUrl('/v1/login/google/callback?code=c&state=s&iss=i')).toBe(
      '/v1/login/google/callback?code=[redacted]&state=[redacted]&iss=i',
    );
  });

  it('masks a parameter by its decoded name, and every name that can carry a secret', () => {
    // The server decodes names, so `api%5Ftoken` is the api_token; so is `api_token` in capitals.
    expect(maskUrl('/v1/x?api%5Ftoken=abc')).toBe('/v1/x?api%5Ftoken=[redacted]');
    expect(maskUrl('/v1/x?API_TOKEN=abc&page=2')).toBe('/v1/x?API_TOKEN=[redacted]&page=2');
    expect(maskUrl('/v1/x?access_token=abc#frag')).toBe('/v1/x?access_token=[redacted]#frag');
    expect(maskUrl('/v1/x?%ZZ=abc&b=1')).toBe('/v1/x?%ZZ=[redacted]&b=1');
    for (const name of ['id_token', 'refresh-token', 'client_secret', 'password', 'apiKey', 'X-Signature', 'nonce']) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['subject_slug', 'preview', 'group_id', 'role', 'locale', 'iss', 'format']) {
      expect(isSecretName(name), name).toBe(false);
    }
  });

  it('redacts authorization and cookie headers, passwords and tokens wherever a logged object holds them', () => {
    const { lines, stream } = capture();
    const logger = Fastify({ logger: { ...(loggerOptions('info') as object), stream } }).log;
    logger.info({ headers: { authorization: 'Bearer top-secret-1', cookie: 'a=top-secret-2' } }, 'one');
    logger.info(
      { upstream: { headers: { authorization: 'Bearer top-secret-3', 'set-cookie': 'top-secret-4' } } },
      'two',
    );
    logger.info({ err: { response: { headers: { 'proxy-authorization': 'Basic top-secret-5' } } } }, 'three');
    logger.info({ password: 'top-secret-7', body: { api_token: 'top-secret-8' } }, 'four');
    const all = lines.join('');
    expect(lines).toHaveLength(4);
    expect(all).not.toMatch(/top-secret/);
    expect(all).toContain('[redacted]');
  });

  it('never write a password, a token or an api_token while real requests are served', async () => {
    const { lines, stream } = capture();
    database = await createTestDatabase();
    await migrateToLatest(database);
    const app = await buildApp({
      config: loadConfig({ DIST_DIR: 'none' }),
      database,
      logger: { ...(loggerOptions('info') as object), stream },
      mailer: { send: async () => {} },
      jobs: false,
    });
    const password = 'very-secret-password';
    await app.inject({
      method: 'POST',
      url: '/v1/auth/register',
      payload: {
        accept_policy: 1,
        email: 'log@example.com',
        firstname: 'Logan',
        lastname: 'Logger',
        password,
        password_confirmation: password,
        role: 'student',
      },
    });
    const login = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'log@example.com', password },
    });
    const { token, refresh_token } = login.json().data;
    await app.inject({ url: '/v1/auth/session', headers: { authorization: `Bearer ${token}` } });
    await app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refresh_token } });
    const apiToken = 'A'.repeat(43);
    await app.inject({ url: `/v1/public/lessons/online/${randomUUID()}?api_token=${apiToken}` });
    const encodedName = 'B'.repeat(43);
    await app.inject({ url: `/v1/public/lessons/online/${randomUUID()}?api%5Ftoken=${encodedName}` });
    const accessToken = 'C'.repeat(43);
    await app.inject({ url: `/v1/auth/session?access_token=${accessToken}` });
    await app.close();
    const all = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of [password, token, refresh_token, apiToken, encodedName, accessToken]) {
      expect(all).not.toContain(secret);
    }
    expect(all).toContain('api_token=[redacted]');
  });

  it("writes a request's lines with its id at the levels the server logs, and nothing below them", async () => {
    const { lines, stream } = capture();
    const app = Fastify({
      logger: { ...(loggerOptions('warn') as object), stream },
      childLoggerFactory: requestLoggers,
    });
    app.get('/x', async (request) => {
      request.log.info('below the level');
      request.log.warn({ password: 'top-secret-6' }, 'at the level');
      request.log.child({ part: 'inner' }).error('from a child');
      return { level: request.log.level };
    });
    const reply = await app.inject({ url: '/x' });
    await app.close();
    expect(reply.json()).toEqual({ level: 'warn' });
    const written = lines.map((line) => JSON.parse(line));
    expect(written.map((line) => line.msg)).toEqual(['at the level', 'from a child']);
    expect(written[0].reqId).toMatch(/^req-/);
    expect(written[1].reqId).toBe(written[0].reqId);
    expect(written[1].part).toBe('inner');
    expect(lines.join('')).not.toContain('top-secret');
  });
});
