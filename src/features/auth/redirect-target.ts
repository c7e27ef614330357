import { LOCALE_PREFIX } from '../../i18n/locales.ts';

/** Session storage: where to go once the external provider has sent the browser back (the "callback target"). */
export const CALLBACK_TARGET_KEY = 'authRedirect';
/** Session storage: the role chosen on the registration form, for the Google-type sign-up. */
export const REGISTRATION_ROLE_KEY = 'registrationRole';

/**
 * A `redirect` value made safe to follow: a path of this site, without its language (the user's
 * own is put in front). Anything else (another origin, `//host`, junk) is null.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  const rest = value.replace(LOCALE_PREFIX, '');
  return rest === '' ? '/' : rest;
}

export function rememberCallbackTarget(redirect: string | null): void {
  try {
    if (redirect) sessionStorage.setItem(CALLBACK_TARGET_KEY, redirect);
    else sessionStorage.removeItem(CALLBACK_TARGET_KEY);
  } catch {
    // Without storage the account page is where the callback goes.
  }
}

export function takeCallbackTarget(): string | null {
  try {
    const value = sessionStorage.getItem(CALLBACK_TARGET_KEY);
    sessionStorage.removeItem(CALLBACK_TARGET_KEY);
    return value;
  } catch {
    return null;
  }
}
