import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'wouter';
import { auth, useAuth } from '../../shared/auth/auth.ts';
import { authModals } from '../../shared/auth/auth-modal-store.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import { authApi } from './auth-api.ts';
import { PasswordField, TextField } from './fields.tsx';
import { authFailureReason, INVALID_FORM_TOAST, serverFieldErrors, withoutField } from './form-feedback.ts';
import { GoogleButton } from './GoogleButton.tsx';
import { useAfterAuth } from './use-after-auth.ts';
import { type FieldErrors, hasErrors, type LoginField, type LoginValues, validateLogin } from './validation.ts';

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
  const { t, i18n } = useLingui();
  const { status } = useAuth();
  const [search] = useSearchParams();
  const redirect = search.get('redirect');
  const { afterSignIn } = useAfterAuth();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const change = (field: LoginField) => (value: string) => {
    setValues((now) => ({ ...now, [field]: value }));
    setErrors((now) => withoutField(now, field));
    setServerErrors((now) => withoutField(now, field));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Ignored while the auth state is loading or already signed in (spec section 4).
    if (busy || auth.getState().status !== 'unauthenticated') return;
    const found = validateLogin(values);
    setErrors(found);
    setServerErrors({});
    if (hasErrors(found)) {
      notify(t`Please check the data you entered`, { kind: 'error', id: INVALID_FORM_TOAST });
      return;
    }
    setBusy(true);
    try {
      const pair = await authApi.login({ email: values.email.trim(), password: values.password });
      const user = await auth.signIn(pair);
      authModals.close();
      await afterSignIn(user, redirect);
    } catch (error) {
      console.error('Sign-in failed', error);
      const fields = serverFieldErrors(error);
      setServerErrors(fields);
      const reason = authFailureReason(i18n, error);
      notify(t`An error occurred: ${reason}`, { kind: 'error', id: 'login-failed' });
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <TextField
        name="email"
        type="email"
        label={t`E-mail`}
        autoComplete="email"
        value={values.email}
        onChange={change('email')}
        error={errors.email}
        serverError={serverErrors.email}
      />
      <PasswordField
        name="password"
        label={t`Password`}
        autoComplete="current-password"
        value={values.password}
        onChange={change('password')}
        error={errors.password}
        serverError={serverErrors.password}
      />
      <button type="submit" className="button button--primary auth-form__submit" disabled={busy}>
        {t`Sign in`}
      </button>
      <GoogleButton disabled={status !== 'unauthenticated' || busy} redirect={redirect} />
      <p className="auth-form__switch">
        {t`No account yet?`}{' '}
        <button type="button" className="link-button" onClick={() => authModals.switchTo('register')}>
          {t`Register`}
        </button>
      </p>
    </form>
  );
}
