import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isApiError } from '../../shared/api/index.ts';
import { errorText } from '../../shared/ui/error-text.ts';

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
