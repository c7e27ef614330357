import { ErrorBodyStruct } from '../contract/envelope.ts';

/**
 * - `http`: the server answered with an error status and (usually) the error envelope;
 * - `network`: no answer at all (offline, server down, connection cut);
 * - `contract`: an answer arrived but does not fit the contract, so it must not be trusted.
 */
export type ApiErrorKind = 'http' | 'network' | 'contract';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The HTTP status; 0 when there was no answer. */
  readonly status: number;
  /** Messages per request field, from a 422's envelope. */
  readonly fieldErrors: Readonly<Record<string, readonly string[]>>;
  /** No answer within the call's own time limit (a `network` error). */
  readonly timedOut: boolean;
  /** The server's Retry-After, in ms, when it said one (a busy server's 503, a limit's 429). */
  readonly retryAfterMs: number | null;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    message: string;
    fieldErrors?: Record<string, string[]>;
    cause?: unknown;
    timedOut?: boolean;
    retryAfterMs?: number | null;
  }) {
    super(init.message, { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.fieldErrors = init.fieldErrors ?? {};
    this.timedOut = init.timedOut ?? false;
    this.retryAfterMs = init.retryAfterMs ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True for an HTTP answer with one of the given statuses. */
export function hasStatus(error: unknown, ...statuses: number[]): error is ApiError {
  return isApiError(error) && error.kind === 'http' && statuses.includes(error.status);
}

/**
 * Builds the error for a failed answer from its body, whatever shape that body turned out to have;
 * its Retry-After in seconds (the only form Zalik's server writes) as ms, null when absent or a date.
 */
export function errorFromResponse(status: number, body: unknown, headers?: Headers): ApiError {
  const said = headers?.get('retry-after');
  const seconds = said ? Number(said) : Number.NaN;
  const retryAfterMs = seconds >= 0 ? seconds * 1000 : null;
  if (ErrorBodyStruct.is(body)) {
    return new ApiError({ kind: 'http', status, message: body.message, fieldErrors: body.errors, retryAfterMs });
  }
  return new ApiError({ kind: 'http', status, message: `HTTP ${status}`, retryAfterMs });
}
