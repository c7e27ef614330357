import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_MAJOR } from '../../runtime-notice.ts';
import { createTestApp, dialectName, type TestApp } from '../../test/helpers.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** One series' value from Prometheus text, by its name and labels as written there. */
function seriesValue(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

describe(`the operator's routes on ${dialectName}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('says the process is up and the Node it runs on, and is never cached', async () => {
    const res = await t.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', node: process.versions.node });
    // The runtime the project brings from the npm registry (scripts/runtime): the current LTS line.
    expect(Number(res.json().node.split('.')[0])).toBeGreaterThanOrEqual(RUNTIME_MAJOR);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is ready with the database reachable and its migrations run, and says what it checked', async () => {
    const res = await t.app.inject({ url: '/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'current', redis: 'not configured' },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("shows each background job's runs, failures and last run", async () => {
    const before = await scrape();
    for (const job of ['expired-sessions', 'storage-sweep', 'lti-scores', 'lobby-poll'])
      expect(seriesValue(before, `zalik_job_failures{job="${job}"}`), job).toBe(0);
    const runs = seriesValue(before, 'zalik_job_runs{job="expired-sessions"}') ?? Number.NaN;
    expect(await t.app.jobs.job('expired-sessions')?.runNow()).toBe(true);
    const after = await scrape();
    expect(seriesValue(after, 'zalik_job_runs{job="expired-sessions"}')).toBe(runs + 1);
    expect(seriesValue(after, 'zalik_job_last_failed{job="expired-sessions"}')).toBe(0);
    expect(seriesValue(after, 'zalik_job_last_run_timestamp_seconds{job="expired-sessions"}')).toBe(
      t.clock.value / 1000,
    );
    expect(seriesValue(after, 'zalik_job_last_duration_seconds{job="expired-sessions"}')).toBe(0);
  });

  it('counts requests by route and status, and answers by outcome', async () => {
    const before = await scrape();
    const series =
      'zalik_http_request_duration_seconds_count{method="POST",route="/v1/public/lessons/:id/start",status="201"}';
    const started = await t.app.inject({ method: 'POST', url: '/v1/public/lessons/fixture-sums/start', payload: {} });
    expect(started.statusCode, started.body).toBe(201);
    const s = started.json().data as { uuid: string; api_token: string };
    const answer_id = randomUUID();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: `/v1/public/lessons/online/${s.uuid}/answer?api_token=${s.api_token}`,
        payload: { answer_id, question_id: 'q1', value: 'b', answered_at: t.clock.value },
      });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(200);
    const after = await scrape();
    expect(seriesValue(after, series)).toBe((seriesValue(before, series) ?? 0) + 1);
    const answers = (outcome: string, text: string) => seriesValue(text, `zalik_answers_total{outcome="${outcome}"}`);
    expect(answers('accepted', after)).toBe((answers('accepted', before) ?? 0) + 1);
    expect(answers('duplicate', after)).toBe((answers('duplicate', before) ?? 0) + 1);
    expect(answers('late', after)).toBe(0);
    expect(seriesValue(after, 'zalik_answer_writer_batch_size_count')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(after, 'zalik_answer_writer_queue')).toBe(0);
    expect(seriesValue(after, 'zalik_sessions_running')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(after, 'zalik_nodejs_eventloop_lag_seconds')).not.toBeNull();
    // The pool exists on PostgreSQL only; SQLite has one connection and no pool to report.
    const pool = seriesValue(after, 'zalik_db_pool_connections{state="total"}');
    if (dialectName === 'postgres') expect(pool).toBeGreaterThanOrEqual(1);
    else expect(pool).toBeNull();
    // A path's ids never become series: only the route's pattern is a label.
    expect(after).not.toContain(s.uuid);
  });

  it('keeps the metrics from anyone without the token', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-wrong-token-wrong',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
    ]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().message).toMatch(/METRICS_TOKEN/);
    }
  });

  it('is not ready while it stops, so that balancers send no more', async () => {
    const stopping = await createTestApp();
    try {
      await stopping.app.drain({ quietMs: 0, maxMs: 0 });
      const res = await stopping.app.inject({ url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not ready', reason: 'the server is stopping' });
    } finally {
      await stopping.close();
    }
  });
});

describe(`readiness when something is missing on ${dialectName}`, () => {
  it('is a 503 with the reason when a migration has not run', async () => {
    const t = await createTestApp();
    try {
      await sql`delete from kysely_migration where name = '0014-monitor-changes'`.execute(t.database.db);
      const res = await t.app.inject({ url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'not ready',
        reason: '1 migration(s) not run yet',
        checks: { database: 'ok', migrations: 'pending' },
      });
    } finally {
      await t.close();
    }
  });

  it('is a 503 with the reason when the database is down, and still alive', async () => {
    const t = await createTestApp();
    try {
      await t.database.db.destroy();
      const res = await t.app.inject({ url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'not ready',
        reason: 'the database is unreachable',
        checks: { database: 'unreachable' },
      });
      expect(JSON.stringify(res.json())).not.toMatch(/sqlite|postgres|127\.0\.0\.1|password/i);
      expect((await t.app.inject({ url: '/health' })).statusCode).toBe(200);
    } finally {
      await t.close().catch(() => {});
    }
  });

  it('is a 503 with the reason when the configured Redis does not answer', async () => {
    const down = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    try {
      const res = await down.app.inject({ url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ reason: 'Redis is unreachable', checks: { redis: 'unreachable' } });
    } finally {
      await down.close();
    }
  }, 30_000);

  // A Redis that answers is only on machines that run one (CI does; `npm test` needs none).
  it.runIf(process.env.REDIS_URL)('checks the configured Redis, and is ready when it answers', async () => {
    const up = await createTestApp({ env: { REDIS_URL: process.env.REDIS_URL ?? '' } });
    try {
      const res = await up.app.inject({ url: '/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json().checks.redis).toBe('ok');
    } finally {
      await up.close();
    }
  });

  it('has no metrics unless METRICS_TOKEN is set', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/METRICS_TOKEN/);
    } finally {
      await t.close();
    }
  });
});
