import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'zalik-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Zalik shell</title>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'big-abc123.js'), 'console.log("plain")');
  writeFileSync(join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync('console.log("plain")'));
  writeFileSync(join(dist, 'assets', 'big-abc123.js.gz'), gzipSync('console.log("plain")'));
  writeFileSync(join(dist, 'sw.js'), 'self.x = 1');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  // What a build leaves beside the app that no browser needs.
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{"src/main.tsx":{"file":"assets/index-abc123.js"}}');
  writeFileSync(join(dist, '.env'), 'SECRET=1');
  writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"sources":["../src/main.tsx"]}');
  t = await createTestApp({ distDir: dist, content: null });
});
afterAll(async () => {
  await t?.close();
});

describe('serving the built app', () => {
  it('caches hashed assets for a year and never the shell or the service worker', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await t.app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers app routes with the shell, and unknown /v1 paths with JSON', async () => {
    for (const url of ['/en/student', '/uk/test/some-lesson', '/pl/test/x/results-preview?api_token=abc']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('Zalik shell');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/en/nope', '/en/test-teacher', '/xx/student', '/uk/test-student/a/b/c']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('Zalik shell');
    }
    const api = await t.app.inject({ url: '/v1/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found: GET /v1/unknown' });
    const post = await t.app.inject({ method: 'POST', url: '/en/student' });
    expect(post.statusCode).toBe(404);
  });

  it("sends the build's compressed copies to browsers that accept them, the file itself to others", async () => {
    const br = await t.app.inject({
      url: '/assets/big-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("plain")');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({ url: '/assets/big-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log("plain")');
    const plain = await t.app.inject({ url: '/assets/big-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("plain")');
  });

  it('does not serve a missing hashed asset as the shell', async () => {
    const res = await t.app.inject({ url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('serves only what the app needs: no dot folders or files, source maps or compressed copies by name', async () => {
    for (const url of [
      '/.vite/manifest.json',
      '/.vite/',
      '/.env',
      '/%2Evite/manifest.json',
      '/assets/index-abc123.js.map',
      '/assets/big-abc123.js.br',
      '/assets/big-abc123.js.gz',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('assets/index-abc123.js"');
      expect(res.body, url).not.toContain('SECRET');
      expect(res.body, url).not.toContain('sources');
    }
  });
});
