import { useLingui } from '@lingui/react/macro';
import { SignInRequired } from './SignInRequired.tsx';

/**
 * `/{lang}/login/google/callback`: where Google sends the visitor back. Auth (next issue): pass
 * the query on to `GET /v1/login/google/callback`, store the token, then go to the redirect target.
 */
export default function GoogleCallbackPage() {
  const { t } = useLingui();
  return (
    <SignInRequired
      title={t`Signing in with Google`}
      explanation={t`This is where signing in with Google finishes. Nothing was signed in this time, so there is nothing to continue.`}
    />
  );
}
