import type { MessageDescriptor } from '@lingui/core';
import { isApiError } from '../../shared/api/index.ts';

/** A server's 422 messages per field (already in the interface language), first one of each. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.status !== 422) return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (messages[0]) out[field] = messages[0];
  }
  return out;
}

/** The form's own errors win over the server's for the same field; both vanish when the field changes. */
export function withoutField<T extends Record<string, string | MessageDescriptor | undefined>>(
  errors: T,
  field: string,
): T {
  if (!(field in errors)) return errors;
  const { [field]: _gone, ...rest } = errors;
  return rest as T;
}

export const INVALID_FORM_TOAST = 'invalid-form';
