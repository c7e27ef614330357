import { useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { useSearchParams } from 'wouter';
import { auth, useAuth } from '../../shared/auth/auth.ts';
import { authModals } from '../../shared/auth/auth-modal-store.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import { authApi } from './auth-api.ts';
import { PasswordField, TextField } from './fields.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { useAfterAuth } from './use-after-auth.ts';
import { useAuthForm } from './use-auth-form.ts';
import { type LoginValues, validateLogin } from './validation.ts';

export function LoginModal({ open }: { open: boolean }) {
  const { t } = useLingui();
  return (
    <Modal
      open={open}
      onClose={authModals.close}
      size="auth"
      title={t`Sign in`}
      subtitle={t`Your passed tests wait for you in your account.`}
    >
      <LoginForm />
    </Modal>
  );
}

/** Its state lives as long as the modal's content: closing the modal clears fields and messages. */
function LoginForm() {
  const { t } = useLingui();
  const { status } = useAuth();
  const [search] = useSearchParams();
  const redirect = search.get('redirect');
  const { afterSignIn } = useAfterAuth();
  const form = useAuthForm<LoginValues>({ email: '', password: '' }, validateLogin);

  const submit = (event: FormEvent) =>
    form.submit(
      event,
      async (values) => {
        const pair = await authApi.login({ email: values.email.trim(), password: values.password });
        const user = await auth.signIn(pair);
        authModals.close();
        await afterSignIn(user, redirect);
      },
      { log: 'Sign-in failed', toastId: 'login-failed', message: (reason) => t`An error occurred: ${reason}` },
    );

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <TextField {...form.bind('email')} type="email" label={t`E-mail`} autoComplete="email" />
      <PasswordField {...form.bind('password')} label={t`Password`} autoComplete="current-password" />
      <button type="submit" className="button button--primary auth-form__submit" disabled={form.busy}>
        {t`Sign in`}
      </button>
      <GoogleButton disabled={status !== 'unauthenticated' || form.busy} redirect={redirect} />
      <p className="auth-form__switch">
        {t`No account yet?`}{' '}
        <button type="button" className="link-button" onClick={() => authModals.switchTo('register')}>
          {t`Register`}
        </button>
      </p>
    </form>
  );
}
