import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { isApiError } from '../api/index.ts';

/** What to tell a person about a failed call, in their language. */
export function errorText(i18n: I18n, error: unknown): string {
  if (isApiError(error)) {
    if (error.kind === 'network') return i18n._(msg`Cannot reach the server. Check your connection and try again.`);
    if (error.kind === 'contract') return i18n._(msg`The server sent an answer this app does not understand.`);
    if (error.status === 404) return i18n._(msg`Not found.`);
    // The server words its own messages in the language the request asked for.
    if (error.message && !error.message.startsWith('HTTP ')) return error.message;
    const status = error.status;
    return i18n._(msg`Something went wrong on the server (error ${status}).`);
  }
  return i18n._(msg`Something went wrong.`);
}
