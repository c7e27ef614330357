import { array, type Describe, optional, record, type Struct, string, type } from './structs.ts';

/** Every successful `/v1` answer is `{ data: ... }`. */
export function envelope<T>(data: Struct<T, unknown>): Struct<{ data: T }, unknown> {
  return type({ data }) as unknown as Struct<{ data: T }, unknown>;
}

/** Every failed `/v1` answer: a message for people and, for input errors, messages per field. */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

export const ErrorBodyStruct: Describe<ErrorBody> = type({
  message: string(),
  errors: optional(record(string(), array(string()))),
});
