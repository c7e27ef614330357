import { type Struct, validate } from 'superstruct';
import { envelope } from '../../../contract/envelope.ts';
import { LANGUAGE_HEADER } from '../../../contract/paths.ts';
import { getToken } from '../auth/token-store.ts';
import { ApiError, errorFromResponse } from './api-error.ts';
import { apiLanguage } from './language.ts';

export type SearchParams = Record<string, string | number | undefined>;

/**
 * GET a `/v1` path and return its `data`, checked against the contract. Reads go straight to
 * fetch: they need none of ky's options (no timeout, no retries, SWR caches), and leaving ky to
 * the writes (post-json.ts) keeps it out of the first page's code.
 */
export async function getJson<T>(path: string, struct: Struct<T, unknown>, searchParams?: SearchParams): Promise<T> {
  let response: Response;
  try {
    response = await fetch(new Request(toUrl(path, searchParams), { headers: apiHeaders() }));
  } catch (cause) {
    throw networkError(path, cause);
  }
  return readAnswer(path, response, struct);
}

/** The headers of every call: the interface language and, when signed in, the token. */
export function apiHeaders(): Record<string, string> {
  const token = getToken();
  const headers: Record<string, string> = { [LANGUAGE_HEADER]: apiLanguage() };
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

export function toUrl(path: string, searchParams: SearchParams = {}): URL {
  // Absolute, because fetch outside a page (tests, workers) has no base to resolve against.
  const url = new URL(path, globalThis.location?.origin ?? 'http://localhost');
  for (const [key, value] of Object.entries(searchParams)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

export function networkError(path: string, cause: unknown): ApiError {
  return new ApiError({ kind: 'network', status: 0, message: `No answer from ${path}`, cause });
}

/** The `data` of an answer, or the error it stands for: an HTTP error, or an answer outside the contract. */
export async function readAnswer<T>(path: string, response: Response, struct: Struct<T, unknown>): Promise<T> {
  const body = await readJson(response);
  if (!response.ok) throw errorFromResponse(response.status, body);

  const [failure, checked] = validate(body, envelope(struct));
  if (failure) {
    const where = failure.path.join('.') || '(root)';
    throw new ApiError({
      kind: 'contract',
      status: response.status,
      message: `The answer of ${path} does not fit the contract at ${where}: ${failure.message}`,
      cause: failure,
    });
  }
  return checked.data;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page or a cut-off body: let the status and the contract check speak.
    return text;
  }
}
