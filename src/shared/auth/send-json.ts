import type { Struct } from 'superstruct';
import { apiHeaders, networkError, readAnswer, toUrl } from '../api/request.ts';

/**
 * A POST (or PATCH) with plain fetch for the writes the auth state makes (refresh, sign-out, language): ky
 * (post-json.ts) stays out of the first load. `token` overrides the stored one (sign-out has
 * already forgotten it). With a null struct the answer's body is not checked.
 */
export async function sendJson<T>(
  path: string,
  struct: Struct<T, unknown> | null,
  body: unknown,
  token?: string,
  method: 'POST' | 'PATCH' = 'POST',
): Promise<T> {
  const headers: Record<string, string> = { ...apiHeaders(), 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(new Request(toUrl(path), { method, headers, body: JSON.stringify(body) }));
  } catch (cause) {
    throw networkError(path, cause);
  }
  if (struct === null) {
    if (!response.ok) await readAnswer(path, response, NOTHING);
    return undefined as T;
  }
  return readAnswer(path, response, struct);
}

// Only reached for a failed answer, which readAnswer turns into its error before any check.
const NOTHING = null as unknown as Struct<never, unknown>;
