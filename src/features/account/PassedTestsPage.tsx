import { useLingui } from '@lingui/react/macro';
import { SignInRequired } from './SignInRequired.tsx';

/** `/{lang}/account/passed-tests`. Auth (next issue): the list from `GET /v1/profile/completed-tests` goes here. */
export default function PassedTestsPage() {
  const { t } = useLingui();
  return (
    <SignInRequired
      title={t`Passed tests`}
      explanation={t`Once you are signed in, this page lists the tests you have passed, newest first, each with its score.`}
    />
  );
}
