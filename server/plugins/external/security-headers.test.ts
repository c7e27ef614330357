import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('security headers', () => {
  it('sends a strict policy on API answers and errors alike', async () => {
    t = await createTestApp({ content: null });
    for (const url of ['/v1/public/subjects/list', '/v1/nope']) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('adds HSTS over https and opens CORS only to configured origins', async () => {
    t = await createTestApp({
      content: null,
      env: { PUBLIC_URL: 'https://zalik.example', CORS_ORIGINS: 'https://school.example' },
    });
    const res = await t.app.inject({ url: '/v1/public/subjects/list', headers: { origin: 'https://school.example' } });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['access-control-allow-origin']).toBe('https://school.example');
    const other = await t.app.inject({ url: '/v1/public/subjects/list', headers: { origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
