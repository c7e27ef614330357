/**
 * The app and the API on two origins: the server serving an app built for an API elsewhere lets its
 * pages reach that API (Content-Security-Policy), and the API lets the apps CORS_ORIGINS names call
 * it and show its images (CORS, Cross-Origin-Resource-Policy). Alone, everything stays same-origin.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

const apps: TestApp[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A built app's folder: its page and its build.json. */
function builtApp(api: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'zalik-split-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'build.json'), JSON.stringify({ version: 'v', builtAt: '2026-11-25T00:00:00.000Z', api }));
  return dir;
}

async function app(options: Parameters<typeof createTestApp>[0]) {
  const t = await createTestApp(options);
  apps.push(t);
  return t;
}

const directive = (csp: string | undefined, name: string) =>
  (csp ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('the app and the API on two origins', () => {
  it('lets the pages of an app built for another API reach it, and nothing else', async () => {
    const t = await app({ distDir: builtApp('https://api.school.example') });
    const page = await t.app.inject({ url: '/en/student' });
    const csp = page.headers['content-security-policy'] as string;
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://api.school.example");
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: https://api.school.example");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
  });

  it('keeps every page same-origin for an app built to call its own server', async () => {
    const t = await app({ distDir: builtApp(null) });
    const csp = (await t.app.inject({ url: '/en/student' })).headers['content-security-policy'] as string;
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect((await t.app.inject({ url: '/v1/public/main-page' })).headers['cross-origin-resource-policy']).toBe(
      'same-origin',
    );
  });

  it('answers the apps CORS_ORIGINS names, preflight included, and lets them show its images', async () => {
    const t = await app({ env: { CORS_ORIGINS: 'https://app.school.example' } });
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/v1/public/lessons/fixture-sums/start',
      headers: {
        origin: 'https://app.school.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,application-language,authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.school.example');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('application-language');
    const start = await t.app.inject({
      method: 'POST',
      url: '/v1/public/lessons/fixture-sums/start',
      payload: {},
      headers: { origin: 'https://app.school.example' },
    });
    expect(start.statusCode).toBe(201);
    expect(start.headers['access-control-allow-origin']).toBe('https://app.school.example');
    expect(start.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Another origin gets no CORS answer: its browser keeps the reply from it.
    const stranger = await t.app.inject({ url: '/v1/public/main-page', headers: { origin: 'https://evil.example' } });
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
  });
});
