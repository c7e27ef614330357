import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { auth } from '../../shared/auth/auth.ts';
import { serverFieldErrors, withoutField } from '../../shared/forms/server-errors.ts';
import { notify } from '../../shared/notifications/notify.ts';
import { authFailureReason, INVALID_FORM_TOAST } from './form-feedback.ts';
import { type FieldErrors, hasErrors } from './validation.ts';

export interface SendFailure {
  /** Logged with the error. */
  log: string;
  /** The toast's id, so a repeated failure replaces its toast. */
  toastId: string;
  /** The toast's text around the reason, in the interface language. */
  message: (reason: string) => string;
}

/**
 * The state and the sending of the sign-in and registration forms: values, the form's own rule
 * errors, the server's errors per field (each cleared when its field changes), and busy while sending.
 */
export function useAuthForm<V extends object>(initial: V, validate: (values: V) => FieldErrors<keyof V & string>) {
  type Field = keyof V & string;
  const { t, i18n } = useLingui();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  function change<K extends Field>(field: K) {
    return (value: V[K]) => {
      setValues((now) => ({ ...now, [field]: value }));
      setErrors((now) => withoutField(now, field));
      setServerErrors((now) => withoutField(now, field));
    };
  }

  /** What a text field takes: its value, its change handler and both kinds of error. */
  function bind<K extends Field>(field: K) {
    return {
      name: field,
      value: values[field],
      onChange: change(field),
      error: errors[field],
      serverError: serverErrors[field],
    };
  }

  /**
   * Sends the form when it may be sent and its rules hold; true once `send` succeeded. On a failure
   * the server's field errors show, a toast says why, and the form can be sent again.
   */
  async function submit(event: FormEvent, send: (values: V) => Promise<void>, failure: SendFailure) {
    event.preventDefault();
    // Ignored while the auth state is loading or already signed in: nobody signs in twice.
    if (busy || auth.getState().status !== 'unauthenticated') return false;
    const found = validate(values);
    setErrors(found);
    setServerErrors({});
    if (hasErrors(found)) {
      notify(t`Please check the data you entered`, { kind: 'error', id: INVALID_FORM_TOAST });
      return false;
    }
    setBusy(true);
    try {
      await send(values);
      return true;
    } catch (error) {
      console.error(failure.log, error);
      setServerErrors(serverFieldErrors(error));
      notify(failure.message(authFailureReason(i18n, error)), { kind: 'error', id: failure.toastId });
      setBusy(false);
      return false;
    }
  }

  return { values, errors, serverErrors, busy, change, bind, submit };
}
