import { useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import type { AnswerInputProps } from './types.ts';
import { useCommitOnPause } from './use-commit-on-pause.ts';

/** Reads a typed number; a decimal comma is as good as a point (uk, ru and pl write 2,5). */
export function parseNumberAnswer(raw: string): number | null {
  const text = raw.trim().replace(/\s/g, '').replace(',', '.');
  if (text === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** A numeric answer, decimals allowed. */
export function NumberAnswer({ value, onAnswer }: AnswerInputProps) {
  const { t } = useLingui();
  const id = useId();
  const hintId = `${id}-hint`;
  const initial = typeof value === 'number' ? String(value) : '';
  const [draft, setDraft] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const sent = useRef<number | null>(typeof value === 'number' ? value : null);

  const { change, flush } = useCommitOnPause((text) => {
    const number = parseNumberAnswer(text);
    setInvalid(text.trim() !== '' && number === null);
    if (number === null || number === sent.current) return;
    sent.current = number;
    onAnswer(number);
  });

  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t`Your answer (a number)`}
      </label>
      <input
        id={id}
        className="field__input field__input--number"
        type="number"
        step="any"
        inputMode="decimal"
        autoComplete="off"
        value={draft}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? hintId : undefined}
        onChange={(event) => {
          // A half-typed "2," reads as "" from a number input; keep what the browser can parse.
          setDraft(event.currentTarget.value);
          change(event.currentTarget.value);
        }}
        onBlur={flush}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            flush();
          }
        }}
      />
      {invalid && (
        <p id={hintId} className="field__hint field__hint--error">
          {t`Enter a number, such as 12 or 2.5.`}
        </p>
      )}
    </div>
  );
}
