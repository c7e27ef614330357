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

export function fieldErrors(error: StructError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const failure of error.failures()) {
    const field = failure.path.length ? failure.path.join('.') : (failure.key ?? '_');
    const message =
      failure.value === undefined && failure.type !== 'never'
        ? 'Value is required'
        : failure.type === 'never'
          ? 'Unknown field'
          : failure.message;
    const key = String(field);
    errors[key] = [...(errors[key] ?? []), message];
  }
  return errors;
}

/** Checks input against a contract struct; a mismatch is a 422 naming each field. */
export function parseInput<T, S>(struct: Struct<T, S>, value: unknown, what: string): T {
  const [error, data] = validate(value ?? {}, struct);
  if (error) throw new HttpError(422, `The ${what} is not valid`, fieldErrors(error));
  return data;
}
