import { isApiError } from '../api/index.ts';

/**
 * The one reading of a server's 422 messages per field (already in the interface's language), by
 * the field's path in the request (`email`, `test_id`, `rules.attempts`, `files.2.language`); {} for
 * any other error.
 */
export function serverFieldMessages(error: unknown): Record<string, readonly string[]> {
  if (!isApiError(error) || error.status !== 422) return {};
  return Object.fromEntries(Object.entries(error.fieldErrors).filter(([, messages]) => messages.length > 0));
}

/** The first of each field's messages: what a form shows at the field. */
export function firstMessages(byField: Record<string, readonly string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(byField).map(([field, [first = '']]) => [field, first]));
}

/** The first of each field's messages of a server's refusal. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return firstMessages(serverFieldMessages(error));
}

/** The errors without `field`'s: an error goes once its field changes. */
export function withoutField<T extends Record<string, unknown>>(errors: T, field: string): T {
  if (!(field in errors)) return errors;
  const { [field]: _gone, ...rest } = errors;
  return rest as T;
}
