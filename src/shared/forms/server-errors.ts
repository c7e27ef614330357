import { isApiError } from '../api/index.ts';

/**
 * A server's 422 messages per field (already in the interface's language), the first of each, by
 * the field's path in the request (`email`, `test_id`, `rules.attempts`); {} for any other error.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.status !== 422) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (messages[0]) out[field] = messages[0];
  }
  return out;
}

/** The errors without `field`'s: an error goes once its field changes. */
export function withoutField<T extends Record<string, unknown>>(errors: T, field: string): T {
  if (!(field in errors)) return errors;
  const { [field]: _gone, ...rest } = errors;
  return rest as T;
}
