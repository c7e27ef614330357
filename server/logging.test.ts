import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest } from './db/migrate.ts';
import { loggerOptions, maskUrl } from './logging.ts';
import { createTestDatabase, type TestDatabase } from './test/helpers.ts';

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.dispose();
});

describe('logs', () => {
  it('masks tokens in URLs', () => {
    expect(maskUrl('/v1/x?api_token=abc&b=1')).toBe('/v1/x?api_token=[redacted]&b=1');
    expect(maskUrl('/v1/auth/confirm-email?token=xyz')).toBe('/v1/auth/confirm-email?token=[redacted]');
    expect(maskUrl('/v1/login/google/callback?code=c&state=s&iss=i')).toBe(
      '/v1/login/google/callback?code=[redacted]&state=[redacted]&iss=i',
    );
  });

  it('never write a password, a token or an api_token while real requests are served', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    database = await createTestDatabase();
    await migrateToLatest(database);
    const app = await buildApp({
      config: loadConfig({ DIST_DIR: 'none' }),
      database,
      logger: { ...(loggerOptions('info') as object), stream },
      mailer: { send: async () => {} },
      sweepIntervalMs: 0,
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
    await app.close();
    const all = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of [password, token, refresh_token, apiToken]) expect(all).not.toContain(secret);
    expect(all).toContain('api_token=[redacted]');
  });
});
