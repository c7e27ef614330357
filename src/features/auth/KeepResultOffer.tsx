import { useLingui } from '@lingui/react/macro';
import { useAuth } from '../../shared/auth/auth.ts';
import { authModals } from '../../shared/auth/auth-modal-store.ts';
import { findStoredSessionByUuid } from '../test-taking/resume/stored-session.ts';
import { preloadAuthModals } from './auth-modals-loader.ts';
import { keepResultAfterAuth } from './keep-result.ts';
import './keep-result.css';

/**
 * On an anonymous taker's results: sign in or register and this result joins the account (the
 * post-auth action links it). Shown only to a visitor whose browser holds the test's token.
 */
export function KeepResultOffer({ uuid }: { uuid: string }) {
  const { t } = useLingui();
  const { status } = useAuth();
  if (status !== 'unauthenticated' || !findStoredSessionByUuid(uuid)) return null;

  const start = (modal: 'login' | 'register') => {
    keepResultAfterAuth(uuid);
    authModals.open(modal);
  };
  return (
    <aside className="notice notice--info keep-result" aria-labelledby="keep-result-title">
      <h2 id="keep-result-title" className="keep-result__title">
        {t`Keep this result`}
      </h2>
      <p>{t`Sign in or register and this result is saved in your account, with every test you take later.`}</p>
      <p className="keep-result__actions">
        <button
          type="button"
          className="button button--primary"
          onPointerEnter={preloadAuthModals}
          onClick={() => start('register')}
        >
          {t`Register and keep it`}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onPointerEnter={preloadAuthModals}
          onClick={() => start('login')}
        >
          {t`Sign in and keep it`}
        </button>
      </p>
    </aside>
  );
}
