import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { preloadAuthModals } from '../features/auth/auth-modals-loader.ts';
import { auth, useAuth } from '../shared/auth/auth.ts';
import { authModals } from '../shared/auth/auth-modal-store.ts';
import { paths } from '../shared/routing/paths.ts';
import './auth-menu.css';

/** The header's account corner: sign-in and registration for visitors, the account and sign-out for a user. */
export function AuthMenu() {
  const { t } = useLingui();
  const state = useAuth();
  const [, navigate] = useLocation();

  if (state.status === 'loading') return <div className="auth-menu" aria-hidden="true" />;
  if (state.user) {
    const name = state.user.firstname;
    return (
      <div className="auth-menu">
        <Link href={paths.account()} className="auth-menu__user" aria-label={t`Your account: ${name}`}>
          {name}
        </Link>
        <button
          type="button"
          className="auth-menu__button"
          onClick={() => {
            // Session and token go at once and the logout call is on its way; leaving in the same
            // tick keeps an account page from seeing a visitor and sending them to the login.
            const done = auth.signOut();
            navigate('~/');
            return done;
          }}
        >
          {t`Sign out`}
        </button>
      </div>
    );
  }
  return (
    <div className="auth-menu">
      <button
        type="button"
        className="auth-menu__button"
        aria-haspopup="dialog"
        onPointerEnter={preloadAuthModals}
        onFocus={preloadAuthModals}
        onClick={() => authModals.open('login')}
      >
        {t`Sign in`}
      </button>
      <button
        type="button"
        className="auth-menu__button auth-menu__button--primary"
        aria-haspopup="dialog"
        onPointerEnter={preloadAuthModals}
        onFocus={preloadAuthModals}
        onClick={() => authModals.open('register')}
      >
        {t`Register`}
      </button>
    </div>
  );
}
