import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api-client/api-error.ts';
import { LANGUAGE_HEADER } from '../../../contract/endpoint.ts';
import { specializations, subjects } from '../../../contract/endpoints/catalog.ts';
import { linkTest } from '../../../contract/endpoints/profile.ts';
import { answer, finish } from '../../../contract/endpoints/sessions.ts';
import { clearTokens, setTokens } from '../auth/token-store.ts';
import { api } from './api.ts';
import { setApiLanguage } from './language.ts';

const subject = {
  id: 1,
  slug: 'mathematics',
  audience: 'student',
  title: 'Mathematics',
  description: 'Numbers',
  specialization_count: 2,
  lesson_count: 5,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fetchMock = vi.fn<(input: Request) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setApiLanguage('en');
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api: reads', () => {
  it('unwraps data that fits the contract', async () => {
    fetchMock.mockResolvedValue(json(200, { data: [subject] }));
    await expect(api(subjects)).resolves.toEqual([subject]);
  });

  it('sends the interface language and the query', async () => {
    setApiLanguage('pl');
    fetchMock.mockResolvedValue(json(200, { data: [] }));
    await api(specializations, { query: { subject_slug: 'physics', subject_id: undefined } });
    const request = fetchMock.mock.calls[0]?.[0];
    expect(request?.headers.get(LANGUAGE_HEADER)).toBe('pl');
    const url = new URL(request?.url ?? '');
    expect(url.pathname).toBe(specializations.path);
    expect(url.search).toBe('?subject_slug=physics');
    expect(request?.method).toBe('GET');
  });

  it('turns an answer that does not fit the contract into a contract error, naming where', async () => {
    fetchMock.mockResolvedValue(json(200, { data: [{ ...subject, lesson_count: 'five' }] }));
    const error = await failure(api(subjects));
    expect(error.kind).toBe('contract');
    expect(error.status).toBe(200);
    expect(error.message).toContain('0.lesson_count');
  });

  it('rejects an answer without the data envelope', async () => {
    fetchMock.mockResolvedValue(json(200, [subject]));
    expect((await failure(api(subjects))).kind).toBe('contract');
  });

  it('rejects a body that is not JSON at all', async () => {
    fetchMock.mockResolvedValue(new Response('<html>proxy</html>', { status: 200 }));
    expect((await failure(api(subjects))).kind).toBe('contract');
  });

  it('parses the error envelope: status, message and field errors', async () => {
    fetchMock.mockResolvedValue(
      json(422, { message: 'The answer is not valid.', errors: { value: ['Must be a number.'] } }),
    );
    const error = await failure(
      api(answer, {
        params: { uuid: 'u' },
        query: { api_token: 't' },
        body: { answer_id: 'a', question_id: 'q', value: 'x', answered_at: 0 },
      }),
    );
    expect(error.kind).toBe('http');
    expect(error.status).toBe(422);
    expect(error.message).toBe('The answer is not valid.');
    expect(error.fieldErrors).toEqual({ value: ['Must be a number.'] });
  });

  it('keeps the status of an error whose body is not the envelope', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));
    const error = await failure(api(subjects));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(502);
    expect(error.fieldErrors).toEqual({});
  });

  it('reports a request that got no answer as a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(api(subjects));
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
  });
});

describe('api: writes', () => {
  it('posts JSON and the token in the query', async () => {
    let sent = '';
    fetchMock.mockImplementation(async (request) => {
      sent = await request.clone().text();
      return json(200, {
        data: { uuid: 'abc', status: 'finished', finished_at: 1, finish_reason: 'manual', server_now: 2 },
      });
    });
    await api(finish, { params: { uuid: 'abc' }, query: { api_token: 'tok' }, body: { reason: 'manual' } });
    const request = fetchMock.mock.calls[0]?.[0];
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '').searchParams.get('api_token')).toBe('tok');
    expect(request?.headers.get('content-type')).toContain('application/json');
    expect(sent).toBe('{"reason":"manual"}');
  });
});

describe('the token', () => {
  afterEach(() => clearTokens());

  it('goes with every read and write once signed in, and with none before', async () => {
    fetchMock.mockImplementation(async (request) =>
      json(200, { data: request.method === 'POST' ? { uuid: 'x', status: 'finished' } : [] }),
    );
    await api(subjects);
    expect(fetchMock.mock.calls[0]?.[0].headers.get('authorization')).toBeNull();

    setTokens({
      token: 'tok-1',
      refresh_token: 'r',
      expires_at: Date.now() + 1e6,
      refresh_expires_at: Date.now() + 1e7,
    });
    await api(subjects);
    await api(linkTest, { body: { item: 'x', api_token: 't' } });
    expect(fetchMock.mock.calls[1]?.[0].headers.get('authorization')).toBe('Bearer tok-1');
    expect(fetchMock.mock.calls[2]?.[0].headers.get('authorization')).toBe('Bearer tok-1');
    expect(fetchMock.mock.calls[2]?.[0].headers.get(LANGUAGE_HEADER)).toBe('en');
  });
});
