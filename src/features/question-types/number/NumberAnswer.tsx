import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { NumberInput } from '../../../shared/forms/number-field/NumberInput.tsx';
import type { AnswerInputProps } from '../parts.ts';

/**
 * A numeric answer, decimals allowed, typed as the taker's school writes it (`0,75` or `0.75`).
 * It goes out as a JSON number once typing pauses, on Enter or on leaving the field; what cannot
 * be read as a number is said at the field and never sent.
 */
export function NumberAnswer({ value, onAnswer }: AnswerInputProps) {
  const { t } = useLingui();
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {t`Your answer (a number)`}
      </label>
      <NumberInput
        id={id}
        value={typeof value === 'number' ? value : null}
        empty="nothing"
        commit="pause"
        onValue={(number) => {
          if (number !== null) onAnswer(number);
        }}
      />
    </div>
  );
}
