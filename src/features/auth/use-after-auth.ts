import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import type { SessionUser } from '../../../contract/auth.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { paths, type Role } from '../../shared/routing/paths.ts';
import { homeOf } from './home-of.ts';
import { type PostAuthOutcome, runPostAuthAction } from './post-auth.ts';
import { safeRedirect } from './redirect-target.ts';

/**
 * Where a sign-in leads: the account after linking a result, else the page asked for, else the
 * user's own home (a tutor's workspace, a student's account).
 */
export function targetAfterAuth(
  outcome: PostAuthOutcome | 'failed',
  redirect: string | null,
  role: Role = 'student',
): string | null {
  if (outcome === 'linked') return paths.account();
  const asked = safeRedirect(redirect);
  if (asked) return asked;
  return outcome === 'nothing' ? null : homeOf(role);
}

/**
 * What follows every sign-in: the post-auth action, then the page, in the user's own language.
 * A failed action is said and logged; the sign-in itself stands.
 */
export function useAfterAuth() {
  const { t } = useLingui();
  const [, navigate] = useLocation();

  async function runAction(): Promise<PostAuthOutcome | 'failed'> {
    try {
      return await runPostAuthAction();
    } catch (error) {
      console.error('The action after sign-in failed', error);
      notify(t`Your test result could not be added to your account`, { kind: 'error' });
      return 'failed';
    }
  }

  function go(user: SessionUser, path: string | null): void {
    if (path) navigate(`~/${user.locale}${path === '/' ? '' : path}`, { replace: true });
  }

  async function afterSignIn(user: SessionUser, redirect: string | null): Promise<void> {
    go(user, targetAfterAuth(await runAction(), redirect, user.role));
  }

  return { runAction, go, afterSignIn };
}
