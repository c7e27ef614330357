import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { describedBy, Field } from '../../shared/forms/Field.tsx';

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
    <Field id={id} label={label} error={message}>
      <input
        id={id}
        name={name}
        type={type}
        className="field__input"
        value={value}
        autoComplete={autoComplete}
        aria-invalid={message ? true : undefined}
        aria-describedby={describedBy(id, { error: message })}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

/** A password with a show/hide toggle, offered once something is typed. */
export function PasswordField({ name, label, value, onChange, error, serverError, autoComplete }: FieldProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [shown, setShown] = useState(false);
  const message = error ? i18n._(error) : serverError;
  return (
    <Field id={id} label={label} error={message}>
      <div className="field__password">
        <input
          id={id}
          name={name}
          type={shown && value ? 'text' : 'password'}
          className="field__input"
          value={value}
          autoComplete={autoComplete}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy(id, { error: message })}
          onChange={(event) => onChange(event.target.value)}
        />
        {value !== '' && (
          <button type="button" className="field__toggle" aria-controls={id} onClick={() => setShown((now) => !now)}>
            {shown ? t`Hide` : t`Show`}
          </button>
        )}
      </div>
    </Field>
  );
}
