import { type Struct, validate } from 'superstruct';
import { envelope } from '../../../contract/index.ts';
import { ApiError, errorFromResponse } from './api-error.ts';
import { http } from './http.ts';

export type SearchParams = Record<string, string | number | undefined>;

/** GET a `/v1` path and return its `data`, checked against the contract. */
export function getJson<T>(path: string, struct: Struct<T, unknown>, searchParams?: SearchParams): Promise<T> {
  return send('get', path, struct, { searchParams });
}

/** POST a JSON body to a `/v1` path and return its `data`, checked against the contract. */
export function postJson<T>(
  path: string,
  struct: Struct<T, unknown>,
  body: unknown,
  searchParams?: SearchParams,
): Promise<T> {
  return send('post', path, struct, { searchParams, json: body });
}

function toUrl(path: string, searchParams: SearchParams = {}): URL {
  // Absolute, because fetch outside a page (tests, workers) has no base to resolve against.
  const url = new URL(path, globalThis.location?.origin ?? 'http://localhost');
  for (const [key, value] of Object.entries(searchParams)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

async function send<T>(
  method: 'get' | 'post',
  path: string,
  struct: Struct<T, unknown>,
  options: { searchParams?: SearchParams | undefined; json?: unknown },
): Promise<T> {
  let response: Response;
  try {
    response = await http(toUrl(path, options.searchParams), { method, json: options.json });
  } catch (cause) {
    throw new ApiError({ kind: 'network', status: 0, message: `No answer from ${path}`, cause });
  }

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
