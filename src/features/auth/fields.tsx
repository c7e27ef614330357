import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';

interface FieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A rule of the form, translated here. */
  error?: MessageDescriptor;
  /** A message from the server, already in the interface language. */
  serverError?: string;
  type?: 'text' | 'email';
  autoComplete?: string;
}

function ErrorText({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="auth-field__error">
      {children}
    </p>
  );
}

export function TextField({
  name,
  label,
  value,
  onChange,
  error,
  serverError,
  type = 'text',
  autoComplete,
}: FieldProps) {
  const { i18n } = useLingui();
  const id = useId();
  const message = error ? i18n._(error) : serverError;
  return (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className="auth-field__input"
        value={value}
        autoComplete={autoComplete}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {message && <ErrorText id={`${id}-error`}>{message}</ErrorText>}
    </div>
  );
}

/** A password with a show/hide toggle, offered once something is typed. */
export function PasswordField({ name, label, value, onChange, error, serverError, autoComplete }: FieldProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [shown, setShown] = useState(false);
  const message = error ? i18n._(error) : serverError;
  return (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="auth-field__password">
        <input
          id={id}
          name={name}
          type={shown && value ? 'text' : 'password'}
          className="auth-field__input"
          value={value}
          autoComplete={autoComplete}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        {value !== '' && (
          <button
            type="button"
            className="auth-field__toggle"
            aria-controls={id}
            onClick={() => setShown((now) => !now)}
          >
            {shown ? t`Hide` : t`Show`}
          </button>
        )}
      </div>
      {message && <ErrorText id={`${id}-error`}>{message}</ErrorText>}
    </div>
  );
}
