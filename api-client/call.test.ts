import { afterEach, describe, expect, it, vi } from 'vitest';
import { specializations, subjects } from '../contract/endpoints/catalog.ts';
import { answer } from '../contract/endpoints/sessions.ts';
import { ApiError } from './api-error.ts';
import { createApiClient } from './call.ts';

const subject = {
  id: 1,
  slug: 'mathematics',
  audience: 'student',
  title: 'Mathematics',
  description: 'Numbers',
  specialization_count: 2,
  lesson_count: 5,
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A client whose every request is recorded (its body read as it is sent) and answered by `reply`. */
function clientAnswering(reply: (request: Request) => Response | Promise<Response>, headers = {}) {
  const sent: { request: Request; body: string }[] = [];
  const fetch = vi.fn(async (request: Request) => {
    sent.push({ request, body: await request.clone().text() });
    return reply(request);
  });
  const call = createApiClient({
    base: () => 'https://api.example',
    headers: () => headers,
    fetch: fetch as typeof globalThis.fetch,
  });
  return { call, sent, fetch };
}

afterEach(() => vi.useRealTimers());

describe('a call', () => {
  it('builds the request from the endpoint: path, query, JSON body and the headers of every call', async () => {
    const { call, sent } = clientAnswering(() => json(200, { data: [] }), {
      'application-language': 'uk',
      authorization: 'Bearer t',
    });
    await call(specializations, { query: { subject_slug: 'maths', subject_id: undefined } });
    const request = sent[0]?.request as Request;
    expect(request.method).toBe('GET');
    expect(request.url).toBe('https://api.example/v1/public/specializations/list?subject_slug=maths');
    expect(request.headers.get('application-language')).toBe('uk');
    expect(request.headers.get('authorization')).toBe('Bearer t');
    expect(request.headers.get('accept')).toBe('application/json');
  });

  it('lets the call’s own headers win over those of every call', async () => {
    const { call, sent } = clientAnswering(() => json(200, { data: [] }), { 'application-language': 'uk' });
    await call(subjects, { headers: { 'application-language': 'pl' } });
    expect(sent[0]?.request.headers.get('application-language')).toBe('pl');
  });

  it('sends a body as JSON and reads the answer’s data, checked against the contract', async () => {
    const { call, sent } = clientAnswering(() => json(200, { data: [subject] }));
    expect(await call(subjects)).toEqual([subject]);
    const receipt = { answer_id: 'a', status: 'stored', duplicate: false, server_now: 1 };
    const answering = clientAnswering(() => json(200, { data: receipt }));
    const body = { answer_id: 'a', question_id: 'q', value: 0.75, answered_at: Date.UTC(2026, 0, 1) };
    await answering.call(answer, { params: { uuid: 'u' }, query: { api_token: 't' }, body }).catch(() => null);
    expect(answering.sent[0]?.request.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(answering.sent[0]?.body ?? 'null')).toEqual(body);
    expect(sent).toHaveLength(1);
  });

  it('turns a refusal into an http ApiError with the envelope’s messages per field', async () => {
    const { call } = clientAnswering(() =>
      json(422, { message: 'Please check the data', errors: { subject_slug: ['must be a slug'] } }),
    );
    const error = await call(specializations, { query: { subject_slug: 'x' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 422, message: 'Please check the data' });
    expect((error as ApiError).fieldErrors).toEqual({ subject_slug: ['must be a slug'] });
  });

  it('turns no answer into a network ApiError, and an answer outside the contract into a contract one', async () => {
    const down = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await down.call(subjects).catch((e: unknown) => e)).toMatchObject({ kind: 'network', status: 0 });
    const odd = clientAnswering(() => json(200, { data: [{ id: 'not a number' }] }));
    expect(await odd.call(subjects).catch((e: unknown) => e)).toMatchObject({ kind: 'contract', status: 200 });
  });

  it('never gives up on a slow answer, and never sends a request twice by itself', async () => {
    vi.useFakeTimers();
    let answerNow: (response: Response) => void = () => {};
    const slow = clientAnswering(() => new Promise<Response>((resolve) => (answerNow = resolve)));
    const pending = slow.call(subjects);
    await vi.advanceTimersByTimeAsync(120_000);
    answerNow(json(200, { data: [subject] }));
    expect(await pending).toEqual([subject]);
    const failing = clientAnswering(() => json(503, { message: 'The database is not available' }));
    expect(await failing.call(subjects).catch((e: unknown) => e)).toMatchObject({ kind: 'http', status: 503 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(failing.fetch).toHaveBeenCalledTimes(1);
  });

  it('gives up after a call’s own time limit, as a network error that says it timed out', async () => {
    const silent = clientAnswering(
      (request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
    );
    const error = await silent.call(subjects, { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network', status: 0, timedOut: true });
    // Without a limit of its own, a failure to reach the server is no time-out.
    const down = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await down.call(subjects).catch((e: unknown) => e)).toMatchObject({ kind: 'network', timedOut: false });
  });
});
