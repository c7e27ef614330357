import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { AnswerInputProps } from '../parts.ts';
import { LineInput } from './LineInput.tsx';

/** A short written answer. */
export function TextAnswer({ value, onAnswer }: AnswerInputProps) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t`Your answer`}
      </label>
      <LineInput
        id={id}
        className="field__input"
        maxLength={1000}
        initial={typeof value === 'string' ? value : ''}
        onLine={onAnswer}
      />
    </div>
  );
}
