import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '../../shared/routing/paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';

/**
 * What a visitor who is not signed in sees on an account page. Auth (next issue): pages render
 * this only while the auth status is `unauthenticated`; the spec then opens the login modal,
 * keeping the current path as the `redirect` value.
 */
export function SignInRequired({ title, explanation }: { title: string; explanation: string }) {
  const { t } = useLingui();
  usePageMeta({ title, description: explanation });
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <header className="page__header">
        <p className="eyebrow">{t`Account`}</p>
        <h1 id="page-title">{title}</h1>
      </header>
      <div className="sign-in-card">
        <svg className="sign-in-card__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <rect x="10" y="21" width="28" height="20" rx="5" />
          <path d="M16 21v-5a8 8 0 0 1 16 0v5" />
          <circle cx="24" cy="31" r="2.5" />
        </svg>
        <h2 className="sign-in-card__title">{t`Sign in to see your account`}</h2>
        <p>{explanation}</p>
        <p className="muted">
          {t`Signing in is not open yet. Until it is, you can take any test without an account: your results stay available from the link on the results page.`}
        </p>
        <div className="sign-in-card__actions">
          <Link href={paths.tests('student')} className="button button--primary">
            {t`Browse the tests`}
          </Link>
        </div>
      </div>
    </section>
  );
}
