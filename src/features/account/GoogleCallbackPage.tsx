import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { auth } from '../../shared/auth/auth.ts';
import { authModals } from '../../shared/auth/auth-modal-store.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { LoadingState } from '../../shared/ui/LoadingState.tsx';
import { authApi } from '../auth/auth-api.ts';
import { authFailureReason } from '../auth/form-feedback.ts';
import { REGISTRATION_ROLE_KEY, takeCallbackTarget } from '../auth/redirect-target.ts';
import { useAfterAuth } from '../auth/use-after-auth.ts';

// A provider's answer can be used once: StrictMode's second effect run, or a re-render, must not send it again.
const answered = new Set<string>();

/** Only the provider's answer (a state with a code or an error) is passed on to the server; anything else is a bad link. */
export function isProviderAnswer(query: Record<string, string>): boolean {
  return Boolean(query.state && (query.code || query.error));
}

/**
 * `/{lang}/login/google/callback`: where the provider sends the browser back. The query goes to
 * `GET /v1/login/google/callback` as it came; the token that comes back signs in, then the
 * post-auth action and the redirect follow as after any sign-in.
 */
export default function GoogleCallbackPage() {
  const { t, i18n } = useLingui();
  const search = useSearch();
  const { afterSignIn } = useAfterAuth();
  const [failure, setFailure] = useState<string | null>(null);
  usePageMeta({ title: t`Signing in with Google` });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per provider answer (the query).
  useEffect(() => {
    const query = Object.fromEntries(new URLSearchParams(search));
    if (!isProviderAnswer(query)) {
      setFailure(t`This page only finishes a sign-in with Google, and there is none to finish.`);
      return;
    }
    const key = search;
    if (answered.has(key)) return;
    answered.add(key);
    (async () => {
      try {
        const user = await auth.signIn(await authApi.googleCallback(query));
        sessionStorage.removeItem(REGISTRATION_ROLE_KEY);
        await afterSignIn(user, takeCallbackTarget());
      } catch (error) {
        console.error('The sign-in with Google failed', error);
        const reason = authFailureReason(i18n, error);
        notify(t`An error occurred: ${reason}`, { kind: 'error' });
        setFailure(reason);
      }
    })();
  }, [search]);

  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <h1 id="page-title">{t`Signing in with Google`}</h1>
      {failure ? (
        <div className="notice notice--error" role="alert">
          <p>{failure}</p>
          <button type="button" className="button button--secondary" onClick={() => authModals.open('login')}>
            {t`Sign in`}
          </button>
        </div>
      ) : (
        <LoadingState label={t`Signing you in…`} />
      )}
    </section>
  );
}
