import type { Struct } from 'superstruct';
import { http } from './http.ts';
import { networkError, readAnswer, type SearchParams, toUrl } from './request.ts';

/**
 * POST a JSON body to a `/v1` path and return its `data`, checked against the contract. Writes
 * go through ky (http.ts); only the pages that write import this module.
 */
export async function postJson<T>(
  path: string,
  struct: Struct<T, unknown>,
  body: unknown,
  searchParams?: SearchParams,
): Promise<T> {
  let response: Response;
  try {
    response = await http(toUrl(path, searchParams), { method: 'post', json: body });
  } catch (cause) {
    throw networkError(path, cause);
  }
  return readAnswer(path, response, struct);
}
