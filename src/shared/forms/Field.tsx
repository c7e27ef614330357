import type { ReactNode } from 'react';

export interface FieldText {
  /** Said under the control, always. */
  hint?: string;
  /** What is wrong with it: the form's own rule, or the server's message for this field. */
  error?: string;
}

/** The ids a field's control is described by: its hint and its error, when it has them. */
export function describedBy(id: string, { hint, error }: FieldText): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/**
 * The one form field of the app: a label for the control, the control (given `id`,
 * `aria-describedby={describedBy(id, …)}` and `aria-invalid` when it has an error), its hint, and
 * its error, read out with the control.
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: FieldText & { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface Choice<T extends string> {
  value: T;
  label: string;
}

/** A question with a few answers: radio buttons under a legend, with the field's error under them. */
export function Choices<T extends string>({
  name,
  legend,
  choices,
  value,
  error,
  onChange,
}: {
  name: string;
  legend: string;
  choices: readonly Choice<T>[];
  value: T;
  error?: string;
  onChange: (value: T) => void;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="choices" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="choices__choice">
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          {choice.label}
        </label>
      ))}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A yes or no: a checkbox with its label beside it, and the field's error under it, read out with it. */
export function CheckField({
  id,
  name,
  label,
  checked,
  error,
  onChange,
}: {
  id: string;
  name?: string;
  label: ReactNode;
  checked: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="field">
      <label className="choices__choice" htmlFor={id}>
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { error })}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
