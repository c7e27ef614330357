import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { useLocale } from '../../i18n/locale-context.tsx';
import { auth, useAuth } from '../../shared/auth/auth.ts';
import { authModals } from '../../shared/auth/auth-modal-store.ts';
import { CheckField, Choices } from '../../shared/forms/Field.tsx';
import { legalDocumentPath } from '../../shared/routing/paths.ts';
import { Modal } from '../../shared/ui/Modal.tsx';
import { authApi } from './auth-api.ts';
import { PasswordField, TextField } from './fields.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { roleOfPage } from './home-of.ts';
import { useAfterAuth } from './use-after-auth.ts';
import { useAuthForm } from './use-auth-form.ts';
import { type RegisterValues, validateRegistration } from './validation.ts';

export function RegisterModal({ open, onRegistered }: { open: boolean; onRegistered: (email: string) => void }) {
  const { t } = useLingui();
  return (
    <Modal
      open={open}
      onClose={authModals.close}
      size="auth"
      title={t`Registration`}
      subtitle={t`An account keeps your results on every device.`}
    >
      <RegisterForm onRegistered={onRegistered} />
    </Modal>
  );
}

const EMPTY: RegisterValues = {
  // The role of the page it was opened on (roleOfPage): a tutor's page opens it on "tutor".
  role: 'student',
  firstname: '',
  lastname: '',
  email: '',
  password: '',
  password_confirmation: '',
  accept_policy: false,
};

function browserTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

function RegisterForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { status } = useAuth();
  const [search] = useSearchParams();
  const redirect = search.get('redirect');
  const { runAction } = useAfterAuth();
  const [location] = useLocation();
  const form = useAuthForm<RegisterValues>({ ...EMPTY, role: roleOfPage(location) }, validateRegistration);
  const { values, errors, serverErrors, change } = form;

  async function submit(event: FormEvent) {
    const email = values.email.trim();
    const registered = await form.submit(
      event,
      async (values) => {
        await authApi.register({
          accept_policy: 1,
          email,
          firstname: values.firstname.trim(),
          lastname: values.lastname.trim(),
          password: values.password,
          password_confirmation: values.password_confirmation,
          role: values.role,
          timezone: browserTimezone(),
        });
        // Sign-up is followed by sign-in: the new user is signed in at once.
        await auth.signIn(await authApi.login({ email, password: values.password }));
      },
      {
        log: 'Registration failed',
        toastId: 'register-failed',
        message: (reason) => t`An error occurred during account registration: ${reason}`,
      },
    );
    if (!registered) return;
    await runAction();
    onRegistered(email);
  }

  const policyError = errors.accept_policy ? i18n._(errors.accept_policy) : serverErrors.accept_policy;
  const terms = legalDocumentPath(locale, 'terms');
  const privacy = legalDocumentPath(locale, 'privacy');

  return (
    <form className="auth-form" noValidate onSubmit={submit}>
      <Choices
        name="role"
        legend={t`I am`}
        value={values.role}
        onChange={change('role')}
        choices={[
          { value: 'student', label: t`a student` },
          { value: 'tutor', label: t`a tutor` },
        ]}
      />
      <TextField {...form.bind('firstname')} label={t`Name`} autoComplete="given-name" />
      <TextField {...form.bind('lastname')} label={t`Surname`} autoComplete="family-name" />
      <TextField {...form.bind('email')} type="email" label={t`E-mail`} autoComplete="email" />
      <PasswordField {...form.bind('password')} label={t`Password`} autoComplete="new-password" />
      <PasswordField
        {...form.bind('password_confirmation')}
        label={t`Repeat the password`}
        autoComplete="new-password"
      />
      <CheckField
        id="accept-policy"
        name="accept_policy"
        checked={values.accept_policy}
        error={policyError}
        onChange={change('accept_policy')}
        label={
          <Trans>
            I agree to the <a href={terms}>terms of use</a> and the <a href={privacy}>privacy policy</a>
          </Trans>
        }
      />
      <button type="submit" className="button button--primary auth-form__submit" disabled={form.busy}>
        {t`Register`}
      </button>
      <GoogleButton
        role={values.role}
        disabled={status !== 'unauthenticated' || form.busy || !values.accept_policy}
        redirect={redirect}
      />
      <p className="auth-form__switch">
        {t`Already registered?`}{' '}
        <button type="button" className="link-button" onClick={() => authModals.switchTo('login')}>
          {t`Sign in`}
        </button>
      </p>
    </form>
  );
}
