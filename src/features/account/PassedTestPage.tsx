import { useLingui } from '@lingui/react/macro';
import { SignInRequired } from './SignInRequired.tsx';

/**
 * `/{lang}/account/passed-test-{uuid}`. Auth (next issue): the result from
 * `GET /v1/profile/completed-tests/{uuid}` goes here, shown like the results preview.
 */
export default function PassedTestPage() {
  const { t } = useLingui();
  return (
    <SignInRequired
      title={t`Test result`}
      explanation={t`This page shows one of your passed tests, question by question. It is only shown to the account that took the test.`}
    />
  );
}
