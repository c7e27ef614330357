import { useLingui } from '@lingui/react/macro';
import { SignInRequired } from './SignInRequired.tsx';

/** `/{lang}/account`: the signed-in user's home. Auth (next issue): the account itself replaces this state. */
export default function AccountPage() {
  const { t } = useLingui();
  return (
    <SignInRequired
      title={t`Your account`}
      explanation={t`Your account keeps every test you have passed, with its score and answers, on any device you sign in on.`}
    />
  );
}
