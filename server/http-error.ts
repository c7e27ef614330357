import { type Struct, type StructError, validate } from 'superstruct';

/** An error meant for the caller: its status, a message for people and, optionally, messages per field. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
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

/** Checks input against a contract struct; a mismatch is a 422 naming each field. */
export function parseInput<T, S>(struct: Struct<T, S>, value: unknown, what: string): T {
  // No body at all is an empty one; a JSON null is not an object and is refused like any other.
  const [error, data] = validate(value === undefined ? {} : value, struct);
  if (error) throw new HttpError(422, `The ${what} is not valid`, fieldErrors(error));
  return data;
}
