import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { authConfig } from '../../../contract/endpoints/auth.ts';
import { useLocale } from '../../i18n/locale-context.tsx';
import { api } from '../../shared/api/index.ts';
import { useRead } from '../../shared/api/use-read.ts';
import { useAction } from '../../shared/forms/use-action.ts';
import { authApi } from './auth-api.ts';
import { REGISTRATION_ROLE_KEY, rememberCallbackTarget } from './redirect-target.ts';

/** Whether this server offers the external sign-in at all. */
function useGoogleOffered(): boolean {
  const { data } = useRead('auth-config', [], () => api(authConfig));
  return data?.google === true;
}

/**
 * Sign-in with the Google-type provider: asks the server for the provider's address and goes
 * there. On registration the chosen role travels along (and is kept in session storage, for the callback page).
 */
export function GoogleButton({
  role,
  disabled,
  redirect,
}: {
  role?: 'student' | 'tutor';
  disabled: boolean;
  redirect: string | null;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const offered = useGoogleOffered();
  const [here] = useLocation();
  const { busy, run } = useAction();
  // Once the provider's address is known the page is leaving: the button stays off meanwhile.
  const [leaving, setLeaving] = useState(false);
  if (!offered) return null;

  async function start() {
    const target = await run(
      () => {
        if (role) sessionStorage.setItem(REGISTRATION_ROLE_KEY, role);
        // The callback target: the page asked for, else this one (a tutor who starts on the tutor page comes back to it).
        rememberCallbackTarget(redirect ?? here);
        return authApi.googleRedirect(locale, role);
      },
      { failed: (reason) => t`An error occurred: ${reason}` },
    );
    if (!target) return;
    setLeaving(true);
    window.location.assign(target);
  }

  return (
    <button
      type="button"
      className="button button--secondary auth-google"
      disabled={disabled || busy || leaving}
      onClick={start}
    >
      <svg viewBox="0 0 18 18" width="18" height="18" aria-hidden="true" focusable="false">
        <path
          fill="#4285F4"
          d="M17.6 9.2c0-.6-.1-1.2-.2-1.7H9v3.3h4.8a4.1 4.1 0 0 1-1.8 2.7v2.2h2.9c1.7-1.6 2.7-3.9 2.7-6.5z"
        />
        <path
          fill="#34A853"
          d="M9 18c2.4 0 4.5-.8 5.9-2.2L12 13.6c-.8.5-1.8.9-3 .9-2.3 0-4.3-1.6-5-3.7H1v2.3A9 9 0 0 0 9 18z"
        />
        <path fill="#FBBC05" d="M4 10.8a5.4 5.4 0 0 1 0-3.5V5H1a9 9 0 0 0 0 8.1l3-2.3z" />
        <path fill="#EA4335" d="M9 3.6c1.3 0 2.5.5 3.4 1.3L15 2.4A9 9 0 0 0 1 5l3 2.3c.7-2.1 2.7-3.7 5-3.7z" />
      </svg>
      {t`Continue with Google`}
    </button>
  );
}
