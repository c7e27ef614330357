import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/accounts.ts';
import { createTestApp, type TestApp, v1Routes } from '../../test/helpers.ts';
import { TINY_PNG } from '../../test/images.ts';

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

  it('lets a platform frame the LTI pages and take their forms, and no other page', async () => {
    t = await createTestApp({ content: null });
    for (const url of ['/en/lti', '/uk/lti?deep-link=x', '/lti?register=abc']) {
      const res = await t.app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'self' https: http://localhost:* http://127.0.0.1:*");
      expect(csp, url).toContain("form-action 'self' https: http://localhost:* http://127.0.0.1:*");
      expect(csp, url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy'], url).toBe('unsafe-none');
    }
    for (const url of ['/en/ltix', '/en/student', '/v1/lti/jwks']) {
      const csp = String((await t.app.inject({ url })).headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("form-action 'self';");
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

  it('lets no cache keep a /v1 answer but the public catalog, errors included', async () => {
    t = await createTestApp();
    const app = t.app;
    const pair = await signedInUser(app, { email: 'cache@example.com', timezone: 'UTC' });
    const auth = { authorization: `Bearer ${pair.token}` };
    const started = await app.inject({
      method: 'POST',
      url: '/v1/public/lessons/fixture-sums/start',
      payload: {},
      headers: auth,
    });
    const s = started.json().data as { uuid: string; api_token: string };
    const q = `api_token=${s.api_token}`;
    const online = `/v1/public/lessons/online/${s.uuid}`;
    type Call = [route: string, options: InjectOptions];
    const catalog: Call[] = [
      ['GET /v1/openapi.json', { url: '/v1/openapi.json' }],
      ['GET /v1/public/subjects/list', { url: '/v1/public/subjects/list' }],
      ['GET /v1/public/specializations/list', { url: '/v1/public/specializations/list?subject_slug=arithmetic' }],
      [
        'GET /v1/public/lessons/list',
        { url: '/v1/public/lessons/list?subject_slug=arithmetic&subject_spec_slug=sums' },
      ],
      ['GET /v1/public/lessons/{id}', { url: '/v1/public/lessons/fixture-sums' }],
      ['GET /v1/public/main-page', { url: '/v1/public/main-page' }],
      ['GET /v1/public/receipt-keys', { url: '/v1/public/receipt-keys' }],
      ['GET /v1/public/subjects/page-info', { url: '/v1/public/subjects/page-info?subject_slug=arithmetic' }],
      [
        'GET /v1/public/specializations/page-info',
        { url: '/v1/public/specializations/page-info?subject_slug=arithmetic&subject_spec_slug=sums' },
      ],
    ];
    const personal: Call[] = [
      [
        'POST /v1/public/lessons/{id}/start',
        { method: 'POST', url: '/v1/public/lessons/fixture-sums/start', payload: {} },
      ],
      ['GET /v1/public/lessons/online/{uuid}', { url: `${online}?${q}` }],
      ['GET /v1/public/lessons/online/{uuid}/blocks/{blockId}', { url: `${online}/blocks/first?${q}` }],
      [
        'POST /v1/public/lessons/online/{uuid}/answer',
        {
          method: 'POST',
          url: `${online}/answer?${q}`,
          payload: { answer_id: crypto.randomUUID(), question_id: 'q1', value: 'b', answered_at: t.clock.value },
        },
      ],
      ['POST /v1/public/lessons/online/{uuid}/finish', { method: 'POST', url: `${online}/finish?${q}`, payload: {} }],
      ['GET /v1/public/lessons/online/{uuid}/results', { url: `${online}/results?${q}` }],
      ['GET /v1/public/lessons/online/{uuid}/receipt', { url: `${online}/receipt?${q}` }],
      ['GET /v1/public/receipts/{attempt}', { url: `/v1/public/receipts/${s.uuid}?code=ABCDE-12345` }],
      [
        'POST /v1/public/receipts/check',
        { method: 'POST', url: '/v1/public/receipts/check', payload: { receipt: {} } },
      ],
      ['GET /v1/auth/config', { url: '/v1/auth/config' }],
      ['POST /v1/auth/register', { method: 'POST', url: '/v1/auth/register', payload: {} }],
      [
        'POST /v1/auth/login',
        { method: 'POST', url: '/v1/auth/login', payload: { email: 'cache@example.com', password: 'sunflower-42' } },
      ],
      ['GET /v1/auth/session', { url: '/v1/auth/session', headers: auth }],
      [
        'PATCH /v1/auth/session',
        { method: 'PATCH', url: '/v1/auth/session', payload: { locale: 'pl' }, headers: auth },
      ],
      [
        'POST /v1/auth/refresh',
        { method: 'POST', url: '/v1/auth/refresh', payload: { refresh_token: pair.refresh_token } },
      ],
      ['GET /v1/auth/confirm-email', { url: '/v1/auth/confirm-email?token=x&format=json' }],
      ['POST /v1/auth/resend-confirmation', { method: 'POST', url: '/v1/auth/resend-confirmation', headers: auth }],
      ['GET /v1/login/google', { url: '/v1/login/google' }],
      ['GET /v1/login/google/callback', { url: '/v1/login/google/callback?code=a&state=b' }],
      ['GET /v1/profile/completed-tests', { url: '/v1/profile/completed-tests', headers: auth }],
      ['GET /v1/profile/assignments', { url: '/v1/profile/assignments', headers: auth }],
      ['GET /v1/profile/completed-tests/{id}', { url: `/v1/profile/completed-tests/${s.uuid}`, headers: auth }],
      [
        'GET /v1/profile/completed-tests/{id}/grouped-details',
        { url: `/v1/profile/completed-tests/${s.uuid}/grouped-details?group_id=first`, headers: auth },
      ],
      [
        'POST /v1/profile/link-test',
        {
          method: 'POST',
          url: '/v1/profile/link-test',
          payload: { item: s.uuid, api_token: s.api_token },
          headers: auth,
        },
      ],
      ['GET /v1/profile/data', { url: '/v1/profile/data', headers: auth }],
      [
        'POST /v1/profile/claim-attempt',
        { method: 'POST', url: '/v1/profile/claim-attempt', payload: { receipt: {} }, headers: auth },
      ],
      [
        'POST /v1/profile/delete-account',
        // Another address: refused, so the account lives on for the rows after it.
        { method: 'POST', url: '/v1/profile/delete-account', payload: { email: 'x@example.com' }, headers: auth },
      ],
      // A student on a tutor's calls: refused, and the refusal is not kept either.
      ['GET /v1/tutor/tests', { url: '/v1/tutor/tests', headers: auth }],
      ['POST /v1/tutor/tests', { method: 'POST', url: '/v1/tutor/tests', payload: {}, headers: auth }],
      ['GET /v1/tutor/tests/{id}', { url: `/v1/tutor/tests/${s.uuid}`, headers: auth }],
      [
        'PUT /v1/tutor/tests/{id}/draft',
        { method: 'PUT', url: `/v1/tutor/tests/${s.uuid}/draft`, payload: {}, headers: auth },
      ],
      ...(['duplicate', 'archive', 'restore', 'publish', 'preview'] as const).map(
        (action): Call => [
          `POST /v1/tutor/tests/{id}/${action}`,
          { method: 'POST', url: `/v1/tutor/tests/${s.uuid}/${action}`, payload: {}, headers: auth },
        ],
      ),
      ['DELETE /v1/tutor/tests/{id}', { method: 'DELETE', url: `/v1/tutor/tests/${s.uuid}`, headers: auth }],
      ['GET /v1/tutor/tests/{id}/checklist', { url: `/v1/tutor/tests/${s.uuid}/checklist`, headers: auth }],
      ['GET /v1/tutor/tests/{id}/export', { url: `/v1/tutor/tests/${s.uuid}/export`, headers: auth }],
      [
        'GET /v1/tutor/tests/{id}/export-bank',
        { url: `/v1/tutor/tests/${s.uuid}/export-bank?format=qti`, headers: auth },
      ],
      ['GET /v1/tutor/tests/import-template', { url: '/v1/tutor/tests/import-template?format=xlsx', headers: auth }],
      [
        'POST /v1/tutor/tests/import',
        { method: 'POST', url: '/v1/tutor/tests/import', payload: { files: [{}] }, headers: auth },
      ],
      ['GET /v1/tutor/assignments', { url: '/v1/tutor/assignments', headers: auth }],
      ['POST /v1/tutor/assignments', { method: 'POST', url: '/v1/tutor/assignments', payload: {}, headers: auth }],
      ['GET /v1/tutor/assignments/{id}', { url: `/v1/tutor/assignments/${s.uuid}`, headers: auth }],
      ['GET /v1/tutor/assignments/{id}/monitor', { url: `/v1/tutor/assignments/${s.uuid}/monitor`, headers: auth }],
      [
        'POST /v1/tutor/assignments/{id}/start',
        { method: 'POST', url: `/v1/tutor/assignments/${s.uuid}/start`, payload: {}, headers: auth },
      ],
      ['GET /v1/tutor/assignments/{id}/results', { url: `/v1/tutor/assignments/${s.uuid}/results`, headers: auth }],
      ['GET /v1/tutor/assignments/{id}/analysis', { url: `/v1/tutor/assignments/${s.uuid}/analysis`, headers: auth }],
      [
        'GET /v1/tutor/assignments/{id}/analysis.csv',
        { url: `/v1/tutor/assignments/${s.uuid}/analysis.csv`, headers: auth },
      ],
      [
        'GET /v1/tutor/assignments/{id}/results.csv',
        { url: `/v1/tutor/assignments/${s.uuid}/results.csv`, headers: auth },
      ],
      [
        'GET /v1/tutor/assignments/{id}/answers.csv',
        { url: `/v1/tutor/assignments/${s.uuid}/answers.csv`, headers: auth },
      ],
      ['GET /v1/tutor/assignments/{id}/changes', { url: `/v1/tutor/assignments/${s.uuid}/changes`, headers: auth }],
      [
        'GET /v1/tutor/assignments/{id}/attempts/{session}',
        { url: `/v1/tutor/assignments/${s.uuid}/attempts/${s.uuid}`, headers: auth },
      ],
      ...(['messages', 'pause', 'resume', 'extra-time'] as const).map(
        (part): Call => [
          `POST /v1/tutor/assignments/{id}/${part}`,
          { method: 'POST', url: `/v1/tutor/assignments/${s.uuid}/${part}`, payload: {}, headers: auth },
        ],
      ),
      ['GET /v1/tutor/assignments/{id}/messages', { url: `/v1/tutor/assignments/${s.uuid}/messages`, headers: auth }],
      [
        'DELETE /v1/tutor/assignments/{id}/attempts/{session}',
        { method: 'DELETE', url: `/v1/tutor/assignments/${s.uuid}/attempts/${s.uuid}`, headers: auth },
      ],
      [
        'POST /v1/tutor/assignments/{id}/attempts/{session}/extra-time',
        {
          method: 'POST',
          url: `/v1/tutor/assignments/${s.uuid}/attempts/${s.uuid}/extra-time`,
          payload: { minutes: 1 },
          headers: auth,
        },
      ],
      ['GET /v1/tutor/assignments/{id}/marking', { url: `/v1/tutor/assignments/${s.uuid}/marking`, headers: auth }],
      [
        'PUT /v1/tutor/assignments/{id}/marks/{session}/{question}',
        {
          method: 'PUT',
          url: `/v1/tutor/assignments/${s.uuid}/marks/${s.uuid}/q1`,
          payload: { points: 1 },
          headers: auth,
        },
      ],
      [
        'POST /v1/tutor/assignments/{id}/rescore',
        { method: 'POST', url: `/v1/tutor/assignments/${s.uuid}/rescore`, payload: {}, headers: auth },
      ],
      [
        'POST /v1/public/assignments/{code}/lobby',
        {
          method: 'POST',
          url: '/v1/public/assignments/ZZZZZZZZ/lobby',
          payload: { waiter: s.uuid, display_name: 'A' },
        },
      ],
      [
        'POST /v1/public/lessons/online/{uuid}/heartbeat',
        { method: 'POST', url: `${online}/heartbeat`, payload: { api_token: s.api_token, unsent: 0 } },
      ],
      [
        'POST /v1/public/lessons/online/{uuid}/signals',
        { method: 'POST', url: `${online}/signals`, payload: { api_token: s.api_token, signals: [] } },
      ],
      [
        'DELETE /v1/tutor/assignments/{id}',
        { method: 'DELETE', url: `/v1/tutor/assignments/${s.uuid}`, headers: auth },
      ],
      [
        'POST /v1/tutor/assignments/{id}/close',
        { method: 'POST', url: `/v1/tutor/assignments/${s.uuid}/close`, payload: {}, headers: auth },
      ],
      // Who may take an assignment, and its state now: never kept by a cache.
      ['GET /v1/public/assignments/{code}', { url: '/v1/public/assignments/ZZZZZZZZ' }],
      [
        'POST /v1/public/assignments/{code}/start',
        { method: 'POST', url: '/v1/public/assignments/ZZZZZZZZ/start', payload: {} },
      ],
      [
        'POST /v1/tutor/images',
        { method: 'POST', url: '/v1/tutor/images', payload: { name: 'a.png', data: '' }, headers: auth },
      ],
      ['POST /v1/auth/logout', { method: 'POST', url: '/v1/auth/logout', headers: auth }],
      // The tool's keys: a platform asks again when a token names a key it lacks, so none is kept stale.
      ['GET /v1/lti/jwks', { url: '/v1/lti/jwks' }],
      ['GET /v1/lti/canvas.json', { url: '/v1/lti/canvas.json' }],
      // A launch's steps, its code and its registrations: each for one browser, at one moment.
      ['GET /v1/lti/login', { url: '/v1/lti/login?iss=x&login_hint=y&target_link_uri=z' }],
      ['POST /v1/lti/login', { method: 'POST', url: '/v1/lti/login', payload: {} }],
      ['POST /v1/lti/launch', { method: 'POST', url: '/v1/lti/launch', payload: {} }],
      ['POST /v1/lti/handoffs/{code}', { method: 'POST', url: `/v1/lti/handoffs/${'a'.repeat(43)}`, payload: {} }],
      ['POST /v1/lti/register', { method: 'POST', url: '/v1/lti/register', payload: {} }],
      ['GET /v1/lti/platforms', { url: '/v1/lti/platforms', headers: auth }],
      ['POST /v1/lti/platforms', { method: 'POST', url: '/v1/lti/platforms', payload: {}, headers: auth }],
      ['PATCH /v1/lti/platforms/{id}', { method: 'PATCH', url: '/v1/lti/platforms/x', payload: {}, headers: auth }],
      ['POST /v1/lti/registration-links', { method: 'POST', url: '/v1/lti/registration-links', headers: auth }],
      ['GET /v1/tutor/assignments/{id}/roster', { url: `/v1/tutor/assignments/${s.uuid}/roster`, headers: auth }],
      // A tutor's accommodations: a student's needs, for no cache to keep.
      ['GET /v1/tutor/accommodations', { url: '/v1/tutor/accommodations', headers: auth }],
      ['PUT /v1/tutor/accommodations', { method: 'PUT', url: '/v1/tutor/accommodations', payload: {}, headers: auth }],
      [
        'DELETE /v1/tutor/accommodations/{id}',
        { method: 'DELETE', url: `/v1/tutor/accommodations/${s.uuid}`, headers: auth },
      ],
      ['GET /v1/lti/deep-links/{id}', { url: `/v1/lti/deep-links/${s.uuid}`, headers: auth }],
      [
        'POST /v1/lti/deep-links/{id}',
        { method: 'POST', url: `/v1/lti/deep-links/${s.uuid}`, payload: {}, headers: auth },
      ],
      // The operator's: a cached readiness would tell of another moment (metrics are off here: a 404).
      ['GET /health', { url: '/health' }],
      ['GET /ready', { url: '/ready' }],
      ['GET /metrics', { url: '/metrics' }],
    ];
    // An image's address is its content: kept for good; a missing one is not.
    const image = (await app.images.put(null, TINY_PNG)).id;
    // So is a lesson version's sealed payload; an unknown version's refusal is not.
    const version = (await app.inject({ url: '/v1/public/lessons/fixture-sums' })).json().data.version;
    const immutable: Call[] = [
      ['GET /v1/images/{id}', { url: `/v1/images/${image}` }],
      [
        'GET /v1/public/lesson-versions/{version}/payload/{locale}',
        { url: `/v1/public/lesson-versions/${version}/payload/pl` },
      ],
    ];
    // Every route is in one list or another: a new route must say which it is.
    expect([...catalog, ...personal, ...immutable].map(([route]) => route).sort()).toEqual(v1Routes(app));
    for (const [route, options] of immutable) {
      const res = await app.inject(options);
      expect(res.statusCode, route).toBe(200);
      expect(res.headers['cache-control'], route).toBe('public, max-age=31536000, immutable');
    }
    const noImage = await app.inject({ url: `/v1/images/${'0'.repeat(64)}` });
    expect([noImage.statusCode, noImage.headers['cache-control']]).toEqual([404, 'no-store']);
    const noVersion = await app.inject({ url: '/v1/public/lesson-versions/999999/payload/pl' });
    expect([noVersion.statusCode, noVersion.headers['cache-control']]).toEqual([404, 'no-store']);
    for (const [route, options] of catalog) {
      const res = await app.inject(options);
      expect(res.statusCode, route).toBe(200);
      expect(res.headers['cache-control'], route).toBe('no-cache');
    }
    const statuses = new Set<number>();
    for (const [route, options] of personal) {
      const res = await app.inject(options);
      statuses.add(res.statusCode);
      expect(res.headers['cache-control'], `${route} (${res.statusCode})`).toBe('no-store');
    }
    // Successes and refusals alike.
    expect([...statuses].some((status) => status < 300) && [...statuses].some((status) => status >= 400)).toBe(true);
    expect((await app.inject({ url: '/v1/no/such/route' })).headers['cache-control']).toBe('no-store');
  });
});
