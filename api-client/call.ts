/**
 * The one way any part of Zalik sends a `/v1` request: the app, its offline queue and the service
 * worker alike, through ky. An endpoint of the contract's table (contract/endpoints) and its input
 * make the request; ky's hook adds the headers of every call (the interface's language, a signed-in
 * user's token); the answer is read as the table says (`{ data }` checked against the answer's
 * struct) or turned into an ApiError: `http` for a refusal (ky's HTTPError, with the envelope's
 * message and per-field messages), `network` when no answer came, `contract` when an answer does
 * not fit and must not be trusted.
 *
 * No timeout and no retries by default (ky has both, both turned off): a slow school network must
 * not fail a test, and whether to send a write again is its caller's decision (the offline queue
 * has its own backoff). A call that a person waits on with nothing else to do (a start) may give
 * its own `timeoutMs`: past it, a `network` error that says it `timedOut`.
 */
import ky, { HTTPError } from 'ky';
import { validate } from 'superstruct';
import {
  type AnswerOf,
  type AnyEndpoint,
  type BodyOf,
  type ParamsOf,
  pathOf,
  type QueryOf,
} from '../contract/endpoint.ts';
import { envelope } from '../contract/envelope.ts';
import { ApiError, errorFromResponse } from './api-error.ts';

export interface CallInput<E extends AnyEndpoint> {
  params?: ParamsOf<E>;
  /** Values left undefined are not sent. */
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  /** On top of the client's own headers (an Authorization, a language of the caller's own). */
  headers?: Record<string, string>;
  /** Give up after this long without an answer. */
  timeoutMs?: number;
}

export interface ApiClientConfig {
  /** Where the API is: the app's own origin unless configured otherwise. */
  base: () => string;
  /** Headers of every call (the interface language; a signed-in user's token). */
  headers?: () => Record<string, string>;
  fetch?: typeof fetch;
}

export type ApiCall = <E extends AnyEndpoint>(endpoint: E, input?: CallInput<E>) => Promise<AnswerOf<E>>;

/** The request `call` would send, without sending it (the service worker caches by it too). */
export function requestFor<E extends AnyEndpoint>(config: ApiClientConfig, e: E, input: CallInput<E> = {}): Request {
  const url = new URL(pathOf(e, (input.params ?? {}) as Record<string, string>), config.base());
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const accept = e.file ? '*/*' : 'application/json';
  const headers: Record<string, string> = { accept, ...config.headers?.(), ...input.headers };
  const hasBody = input.body !== undefined && e.method !== 'GET';
  if (hasBody) headers['content-type'] = 'application/json';
  return new Request(url, { method: e.method, headers, ...(hasBody ? { body: JSON.stringify(input.body) } : {}) });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page or a cut-off body: the status and the contract check speak for it.
    return text;
  }
}

/** A download's name from `Content-Disposition`: RFC 5987's `filename*` first, then `filename`. */
export function fileNameOf(disposition: string | null): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // Not percent-encoding after all: the plain name follows.
    }
  }
  return /filename="([^"]*)"/i.exec(disposition ?? '')?.[1] ?? 'download';
}

/** The answer's data, or the error it stands for. */
async function readAnswer<E extends AnyEndpoint>(e: E, response: Response): Promise<AnswerOf<E>> {
  if (e.file && response.ok) {
    const saved = { name: fileNameOf(response.headers.get('content-disposition')), blob: await response.blob() };
    return saved as AnswerOf<E>;
  }
  const body = await readJson(response);
  if (!response.ok) throw errorFromResponse(response.status, body, response.headers);
  const [failure, checked] = validate(body, e.bare ? e.answer : envelope(e.answer));
  if (failure) {
    const where = failure.path.join('.') || '(root)';
    throw new ApiError({
      kind: 'contract',
      status: response.status,
      message: `The answer of ${e.method} ${e.path} does not fit the contract at ${where}: ${failure.message}`,
      cause: failure,
    });
  }
  return (e.bare ? checked : (checked as { data: unknown }).data) as AnswerOf<E>;
}

export function createApiClient(config: ApiClientConfig): ApiCall {
  const client = ky.create({
    retry: 0,
    timeout: false,
    // Read at each call, so that a fetch replaced later (tests, a worker's own) is the one used.
    fetch: (input, init) => (config.fetch ?? fetch)(input, init),
    hooks: {
      beforeRequest: [
        (request) => {
          for (const [name, value] of Object.entries(config.headers?.() ?? {})) {
            if (!request.headers.has(name)) request.headers.set(name, value);
          }
        },
      ],
    },
  });
  return async (e, input) => {
    // The request as the service worker keys it (requestFor); the call's own headers win over the hook's.
    const request = requestFor({ base: config.base }, e, input);
    let response: Response;
    const ms = input?.timeoutMs;
    try {
      response = await client(request, ms ? { signal: AbortSignal.timeout(ms) } : {});
    } catch (cause) {
      if (cause instanceof HTTPError) {
        throw errorFromResponse(cause.response.status, await readJson(cause.response), cause.response.headers);
      }
      // Only a call's own time limit ends it so (a DOMException, not an Error everywhere: jsdom).
      const timedOut = (cause as { name?: unknown } | null)?.name === 'TimeoutError';
      throw new ApiError({
        kind: 'network',
        status: 0,
        message: `No answer from ${e.method} ${e.path}`,
        cause,
        timedOut,
      });
    }
    return readAnswer(e, response);
  };
}
