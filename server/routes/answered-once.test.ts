/**
 * Handlers that answer the request themselves (a monitor's JSON text, a CSV, the metrics, a stored
 * image, a redirect) hand the reply back to serve(): a reply already ended must not be sent again, which
 * Fastify refuses with a warning and a stack trace in the log on every such request.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAINEST_RULES } from '../../contract/assignments.ts';
import { loggerOptions } from '../logging.ts';
import { createTestApp, dialectName, type TestApp } from '../test/helpers.ts';
import { TINY_PNG, upload } from '../test/images.ts';
import { type Callers, tutorCallers } from '../test/tutor-callers.ts';
import { completeDraft } from './tutor/draft-fixture.ts';

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789';
const lines: { level: number; msg?: string; err?: { message?: string } }[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let t: TestApp;
let callers: Callers;
let assignmentId = '';
let imageUrl = '';

beforeAll(async () => {
  t = await createTestApp({
    env: { METRICS_TOKEN },
    logger: { ...(loggerOptions('warn') as object), stream },
  });
  callers = await tutorCallers(t.app);
  const tutorId = callers.users.tutor.id;
  const testId = (await t.app.tutorTests.create(tutorId, 'en', completeDraft())).id;
  await t.app.tutorTests.publish(tutorId, testId);
  const made = await callers.call('tutor', {
    method: 'POST',
    url: '/v1/tutor/assignments',
    payload: { test_id: testId, rules: PLAINEST_RULES },
  });
  expect(made.statusCode, made.body).toBe(201);
  assignmentId = made.json().data.id;
  const image = await callers.call('tutor', {
    method: 'POST',
    url: '/v1/tutor/images',
    payload: upload('a.png', TINY_PNG),
  });
  expect(image.statusCode, image.body).toBe(201);
  imageUrl = image.json().data.url;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe(`a handler that answers itself on ${dialectName}`, () => {
  it('is answered once, whole, with nothing written to the log', async () => {
    const calls = [
      () => callers.call('tutor', { url: `/v1/tutor/assignments/${assignmentId}/monitor` }),
      () => callers.call('tutor', { url: `/v1/tutor/assignments/${assignmentId}/monitor?since=0` }),
      () => callers.call('tutor', { url: `/v1/tutor/assignments/${assignmentId}/results.csv` }),
      () => callers.call('tutor', { url: `/v1/tutor/assignments/${assignmentId}/answers.csv` }),
      () => t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } }),
      () => t.app.inject({ url: imageUrl }),
      // The mailed link with a token that is no longer good: the browser is sent on to its account page.
      () => t.app.inject({ url: '/v1/auth/confirm-email?token=no-such-token' }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(res.headers.location ? 302 : 200);
      if (res.headers['content-type']?.toString().startsWith('application/json')) expect(res.json().data).toBeTruthy();
    }
    // The log is written as the requests end; a second send would have warned by now.
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => line.err?.message ?? line.msg)).toEqual([]);
  });
});
