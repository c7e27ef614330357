import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import type { SessionUser } from '../../../contract/auth.ts';
import { auth, useAuth } from '../../shared/auth/auth.ts';
import { useAction } from '../../shared/forms/use-action.ts';
import { assignmentPaths } from '../../shared/routing/assignment-paths.ts';
import { paths } from '../../shared/routing/paths.ts';
import { usePageMeta } from '../../shared/seo/use-page-meta.ts';
import { MyAssignments } from '../assignments/MyAssignments.tsx';
import { resendConfirmation } from './account-api.ts';
import './account.css';
import { RequireAuth } from './RequireAuth.tsx';
import { YourData } from './YourData.tsx';

/** `/{lang}/account`: the signed-in user's home. */
export default function AccountPage() {
  return (
    <RequireAuth>
      <AccountHome />
    </RequireAuth>
  );
}

function AccountHome() {
  const { t } = useLingui();
  const { user } = useAuth();
  usePageMeta({ title: t`Your account` });
  if (!user) return null;
  const name = `${user.firstname} ${user.lastname}`;
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <header className="page__header">
        <p className="eyebrow">{t`Your account`}</p>
        <h1 id="page-title">{name}</h1>
      </header>
      <EmailOutcome />
      <dl className="account-facts">
        <dt>{t`Role`}</dt>
        <dd>{user.role === 'tutor' ? t`Tutor` : t`Student`}</dd>
        <dt>{t`E-mail`}</dt>
        <dd>{user.email}</dd>
        <dt>{t`E-mail state`}</dt>
        <dd>
          <EmailState user={user} />
        </dd>
      </dl>
      <p className="account-links">
        {user.role === 'tutor' && (
          <>
            <Link href={paths.home('tutor')} className="button button--primary">
              {t`My tests`}
            </Link>
            <Link href={assignmentPaths.list()} className="button button--primary">
              {t`Assignments`}
            </Link>
          </>
        )}
        {user.lti_admin && (
          <Link href="/lti?platforms" className="button button--secondary">
            {t`Learning platforms (LTI)`}
          </Link>
        )}
        <Link
          href={paths.passedTests()}
          className={`button button--${user.role === 'tutor' ? 'secondary' : 'primary'}`}
        >
          {t`My passed tests`}
        </Link>
      </p>
      {user.role === 'student' && <MyAssignments />}
      <YourData email={user.email} />
    </section>
  );
}

/** What the confirmation link did: the server confirms, then sends the browser here with `?email=`. */
function EmailOutcome() {
  const { t } = useLingui();
  const [search] = useSearchParams();
  const outcome = search.get('email');
  // The session was fetched before the link was followed in another tab, perhaps: fetch it again.
  useEffect(() => {
    if (outcome === 'confirmed') void auth.refetch();
  }, [outcome]);
  if (outcome === 'confirmed')
    return (
      <p className="notice notice--info" role="status">
        {t`Your e-mail address is confirmed. Thank you!`}
      </p>
    );
  if (outcome === 'already-confirmed')
    return (
      <p className="notice notice--info" role="status">
        {t`This confirmation link was already used: your e-mail address is confirmed.`}
      </p>
    );
  if (outcome === 'invalid-link')
    return (
      <p className="notice notice--error" role="alert">
        {t`This confirmation link is not valid (it may have expired). Ask for a new one below.`}
      </p>
    );
  return null;
}

function EmailState({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const { busy: sending, run } = useAction();
  const [sent, setSent] = useState(false);
  if (user.email_verified) return <span className="account-state account-state--ok">{t`Confirmed`}</span>;

  async function resend() {
    const done = await run(() => resendConfirmation().then(() => true), {
      done: t`We have sent a new confirmation link.`,
      failed: (reason) => t`An error occurred: ${reason}`,
    });
    if (done) setSent(true);
  }

  return (
    <span className="account-email-state">
      <span className="account-state account-state--warn">{t`Not confirmed yet`}</span>
      <button type="button" className="button button--secondary" disabled={sending || sent} onClick={resend}>
        {sent ? t`Link sent` : t`Send the confirmation link again`}
      </button>
    </span>
  );
}
