import { type Struct, StructError, validate } from 'superstruct';
import type { ErrorBody } from '../contract/envelope.ts';
import type { Locale } from '../contract/locale.ts';
import { TEXT_PROBLEM_MESSAGES, textProblemIn } from '../contract/text.ts';
import { type Phrase, say } from './i18n/messages.ts';

/** What an error says: fixed text, or a phrase said in the language of the request that gets it. */
export type Said = string | Phrase;

/**
 * An error meant for the caller: its status, a message for people and, optionally, messages per
 * field. Services that do not know who is asking throw phrases; `bodyIn` says them in the caller's
 * language (the error handler and the answer batch use it). `message` and `errors` are English.
 */
export class HttpError extends Error {
  readonly errors?: Record<string, string[]>;

  constructor(
    readonly statusCode: number,
    readonly said: Said,
    readonly fieldsSaid?: Record<string, Said[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(say(said, 'en'));
    this.name = 'HttpError';
    if (fieldsSaid) this.errors = sayFields(fieldsSaid, 'en');
  }

  /** The error's `{message, errors}` in `locale`. */
  bodyIn(locale: Locale): ErrorBody {
    const message = say(this.said, locale);
    return this.fieldsSaid ? { message, errors: sayFields(this.fieldsSaid, locale) } : { message };
  }
}

function sayFields(fields: Record<string, Said[]>, locale: Locale): Record<string, string[]> {
  // A Map first: a field named "__proto__" stays a field.
  return Object.fromEntries(
    new Map(Object.entries(fields).map(([field, list]) => [field, list.map((s) => say(s, locale))])),
  );
}

/** superstruct quotes the value it got; a message must not echo the caller's input back (it may be huge or HTML). */
function withoutValue(text: string): string {
  return text.replace(/,? but received:? .*$/s, '');
}

export function fieldErrors(error: StructError): Record<string, string[]> {
  // A Map, not an object: a field named "constructor" or "__proto__" is just a name here.
  const errors = new Map<string, string[]>();
  for (const failure of error.failures()) {
    const field = failure.path.length ? failure.path.join('.') : (failure.key ?? '_');
    const message =
      failure.value === undefined && failure.type !== 'never'
        ? 'Value is required'
        : failure.type === 'never'
          ? 'Unknown field'
          : withoutValue(failure.message);
    const key = String(field);
    errors.set(key, [...(errors.get(key) ?? []), message]);
  }
  return Object.fromEntries(errors);
}

/** Copy of JSON input without own keys that change how a value turns into text. */
function printable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(printable);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'toString' || key === 'valueOf') continue;
    // defineProperty: an own "__proto__" key stays a key and does not become the prototype.
    Object.defineProperty(copy, key, { value: printable(item), enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

function validateAll<T, S>(value: unknown, struct: Struct<T, S>, options: { coerce?: boolean }) {
  const result = validate(value, struct, options);
  // Failures are made lazily, each message with the value in it: make them all here.
  result[0]?.failures();
  return result;
}

/**
 * superstruct's validate, made safe for any JSON: it writes each failure's message with the value in
 * it, and `{"toString": "x"}` cannot be turned into text (a TypeError, which was a 500). Such input
 * is checked again without those keys; it is refused either way, since the first check failed.
 */
export function validateSafely<T, S>(
  value: unknown,
  struct: Struct<T, S>,
  options: { coerce?: boolean } = {},
): [StructError, undefined] | [undefined, T] {
  try {
    return validateAll(value, struct, options);
  } catch (thrown) {
    if (!(thrown instanceof TypeError)) throw thrown;
  }
  try {
    const [error] = validateAll(printable(value), struct, options);
    if (error) return [error, undefined];
  } catch {
    // Still not printable: refused below without naming a field.
  }
  const failure = {
    value: undefined,
    key: undefined,
    type: 'unknown',
    refinement: undefined,
    message: 'Value is not valid',
    branch: [],
    path: [],
  };
  return [
    new StructError(failure, function* none() {
      yield* [];
    }),
    undefined,
  ];
}

/**
 * Checks input against a contract struct; a mismatch is a 422 naming each field. A hot route may
 * pass a plain guard that accepts a subset of what the struct accepts (contract/answer-guards.ts):
 * input it passes skips the struct's slower walk.
 */
export function parseInput<T, S>(
  struct: Struct<T, S>,
  value: unknown,
  what: string,
  fastAccept?: (value: unknown) => boolean,
): T {
  // The text rule (contract/text.ts), which plugins/app/text-rule.ts applies to whole requests, also
  // holds for the items of a batch, each checked here on its own.
  const bad = textProblemIn(value);
  if (bad) throw new HttpError(422, `The ${what} is not valid`, { [bad.field]: [TEXT_PROBLEM_MESSAGES[bad.problem]] });
  if (fastAccept?.(value)) return value as T;
  // No body at all is an empty one; a JSON null is not an object and is refused like any other.
  const [error, data] = validateSafely(value === undefined ? {} : value, struct);
  if (error) throw new HttpError(422, `The ${what} is not valid`, fieldErrors(error));
  return data as T;
}
