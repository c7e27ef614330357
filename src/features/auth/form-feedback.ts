import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isApiError } from '../../shared/api/index.ts';
import { errorText } from '../../shared/ui/error-text.ts';

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

/**
 * Why an auth call failed, for its toast: the server's own message (in the interface language)
 * or no connection; anything else (an answer outside the contract, such as a sign-in answer
 * without its token, or a bug) is the generic runtime error ("Something went wrong"), with the details in the console.
 */
export function authFailureReason(i18n: I18n, error: unknown): string {
  if (isApiError(error) && (error.kind === 'http' || error.kind === 'network')) return errorText(i18n, error);
  return i18n._(msg`Runtime error, check the console logs`);
}
