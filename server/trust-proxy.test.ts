import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { createTestApp, dialectName, type TestApp } from './test/helpers.ts';

/** Three starts a minute from one client address, so the fourth shows whose address was counted. */
const LIMITS = { RATE_LIMIT_STARTS_PER_IP: '3' };

describe(`behind a proxy on ${dialectName}`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const start = (from: string | null) =>
    (t as TestApp).app.inject({
      method: 'POST',
      url: '/v1/public/lessons/fixture-sums/start',
      payload: {},
      // inject's connection comes from 127.0.0.1: here, the proxy.
      headers: from ? { 'x-forwarded-for': from } : {},
    });

  it('counts the limits against the client the trusted proxy names, each client apart', async () => {
    t = await createTestApp({ env: { ...LIMITS, TRUST_PROXY: '127.0.0.1' } });
    const statuses = async (from: string, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await start(from)).statusCode);
      return out;
    };
    expect(await statuses('203.0.113.7', 4)).toEqual([201, 201, 201, 429]);
    // Another pupil behind the same proxy has limits of their own.
    expect(await statuses('203.0.113.8', 1)).toEqual([201]);
    // A client cannot pick its address by adding its own header: the proxy appends the real one last.
    expect((await start('198.51.100.1, 203.0.113.7')).statusCode).toBe(429);
  });

  it('believes no X-Forwarded-For without TRUST_PROXY: every request counts against the connection', async () => {
    t = await createTestApp({ env: LIMITS });
    const statuses: number[] = [];
    for (const from of ['203.0.113.7', '203.0.113.8', '203.0.113.9', '203.0.113.10']) {
      statuses.push((await start(from)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('trusts a hop count', async () => {
    t = await createTestApp({ env: { ...LIMITS, TRUST_PROXY: '1' } });
    for (let i = 0; i < 3; i++) expect((await start('203.0.113.7')).statusCode).toBe(201);
    expect((await start('203.0.113.8')).statusCode).toBe(201);
  });
});

describe('TRUST_PROXY', () => {
  const read = (value: string) => loadConfig({ DIST_DIR: 'none', TRUST_PROXY: value }).trustProxy;
  it('takes nothing, a hop count, or addresses, ranges and range names', () => {
    expect(read('')).toBe(false);
    expect(read('false')).toBe(false);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.1, 192.168.0.0/16,::1,loopback')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'loopback']);
  });

  it('refuses "true" and anything it cannot read, naming the variable', () => {
    for (const bad of ['true', '0', '10.0.0.300', '10.0.0.0/33', 'proxy.example', '::1/129']) {
      expect(() => read(bad), bad).toThrow(ConfigError);
      expect(() => read(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
