/**
 * The one way Zalik reads a JSON object from a platform (its OpenID configuration, its registration
 * endpoint's answer, its key set): bounded in time and size, never following a redirect (an
 * address the platform was registered with is the one read, not wherever it points on).
 */

const FETCH_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 256 * 1024;

/** The JSON object at `url`; `fail(reason)` makes the error thrown when there is none to read. */
export async function platformJson(url: string, init: RequestInit, fail: (reason: string) => Error): Promise<object> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch {
    throw fail('unreachable');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw fail(String(response.status));
  }
  const text = await response.text().catch(() => null);
  if (text === null) throw fail('unreachable');
  if (text.length > MAX_ANSWER_BYTES) throw fail('too large');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fail('JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail('JSON');
  return value;
}
