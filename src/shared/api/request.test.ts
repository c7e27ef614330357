import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, LANGUAGE_HEADER, SubjectList } from '../../../contract/index.ts';
import { clearTokens, setTokens } from '../auth/token-store.ts';
import { ApiError } from './api-error.ts';
import { setApiLanguage } from './language.ts';
import { postJson } from './post-json.ts';
import { getJson } from './request.ts';

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

describe('getJson', () => {
  it('unwraps data that fits the contract', async () => {
    fetchMock.mockResolvedValue(json(200, { data: [subject] }));
    await expect(getJson(API.subjects, SubjectList)).resolves.toEqual([subject]);
  });

  it('sends the interface language and the query', async () => {
    setApiLanguage('pl');
    fetchMock.mockResolvedValue(json(200, { data: [] }));
    await getJson(API.specializations, SubjectList, { subject_slug: 'physics', skipped: undefined });
    const request = fetchMock.mock.calls[0]?.[0];
    expect(request?.headers.get(LANGUAGE_HEADER)).toBe('pl');
    const url = new URL(request?.url ?? '');
    expect(url.pathname).toBe(API.specializations);
    expect(url.search).toBe('?subject_slug=physics');
    expect(request?.method).toBe('GET');
  });

  it('turns an answer that does not fit the contract into a contract error, naming where', async () => {
    fetchMock.mockResolvedValue(json(200, { data: [{ ...subject, lesson_count: 'five' }] }));
    const error = await failure(getJson(API.subjects, SubjectList));
    expect(error.kind).toBe('contract');
    expect(error.status).toBe(200);
    expect(error.message).toContain('0.lesson_count');
  });

  it('rejects an answer without the data envelope', async () => {
    fetchMock.mockResolvedValue(json(200, [subject]));
    expect((await failure(getJson(API.subjects, SubjectList))).kind).toBe('contract');
  });

  it('rejects a body that is not JSON at all', async () => {
    fetchMock.mockResolvedValue(new Response('<html>proxy</html>', { status: 200 }));
    expect((await failure(getJson(API.subjects, SubjectList))).kind).toBe('contract');
  });

  it('parses the error envelope: status, message and field errors', async () => {
    fetchMock.mockResolvedValue(
      json(422, { message: 'The answer is not valid.', errors: { value: ['Must be a number.'] } }),
    );
    const error = await failure(postJson(API.answer('u'), SubjectList, { value: 'x' }, { api_token: 't' }));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(422);
    expect(error.message).toBe('The answer is not valid.');
    expect(error.fieldErrors).toEqual({ value: ['Must be a number.'] });
  });

  it('keeps the status of an error whose body is not the envelope', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));
    const error = await failure(getJson(API.subjects, SubjectList));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(502);
    expect(error.fieldErrors).toEqual({});
  });

  it('reports a request that got no answer as a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failure(getJson(API.subjects, SubjectList));
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
  });
});

describe('postJson', () => {
  it('posts JSON and the token in the query', async () => {
    let sent = '';
    fetchMock.mockImplementation(async (request) => {
      sent = await request.clone().text();
      return json(200, { data: [] });
    });
    await postJson(API.finish('abc'), SubjectList, { a: 1 }, { api_token: 'tok' });
    const request = fetchMock.mock.calls[0]?.[0];
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '').searchParams.get('api_token')).toBe('tok');
    expect(request?.headers.get('content-type')).toContain('application/json');
    expect(sent).toBe('{"a":1}');
  });
});

describe('the token', () => {
  afterEach(() => clearTokens());

  it('goes with every read and write once signed in, and with none before', async () => {
    fetchMock.mockImplementation(async () => json(200, { data: [] }));
    await getJson(API.subjects, SubjectList);
    expect(fetchMock.mock.calls[0]?.[0].headers.get('authorization')).toBeNull();

    setTokens({
      token: 'tok-1',
      refresh_token: 'r',
      expires_at: Date.now() + 1e6,
      refresh_expires_at: Date.now() + 1e7,
    });
    await getJson(API.subjects, SubjectList);
    await postJson(API.linkTest, SubjectList, { item: 'x' });
    expect(fetchMock.mock.calls[1]?.[0].headers.get('authorization')).toBe('Bearer tok-1');
    expect(fetchMock.mock.calls[2]?.[0].headers.get('authorization')).toBe('Bearer tok-1');
    expect(fetchMock.mock.calls[2]?.[0].headers.get(LANGUAGE_HEADER)).toBe('en');
  });
});
