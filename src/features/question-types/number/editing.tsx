import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { NumberInput } from '../../../shared/forms/number-field/NumberInput.tsx';
import { fieldId } from '../../tutor-tests/editor/field-id.ts';
import type { AnswersProps, EditingPart } from '../parts.ts';

/** The right number and how far from it an answer still counts. */
export function NumberKey({ question, path, onChange }: AnswersProps) {
  const { t } = useLingui();
  const valueId = fieldId(`${path}.correct_number`);
  const toleranceId = fieldId(`${path}.tolerance`);
  return (
    <div className="question-editor__row">
      <label htmlFor={valueId}>{t`Correct number`}</label>
      <NumberInput
        id={valueId}
        className="field__input--number"
        empty="null"
        value={question.correct_number ?? null}
        onValue={(correct_number) => onChange({ ...question, correct_number })}
      />
      <label htmlFor={toleranceId}>{t`Accepted difference (±)`}</label>
      <NumberInput
        id={toleranceId}
        className="field__input--number"
        min={0}
        value={question.tolerance ?? 0}
        onValue={(tolerance) => onChange({ ...question, tolerance: tolerance ?? 0 })}
      />
    </div>
  );
}

export const numberEditing: EditingPart = {
  label: msg`Number`,
  fresh: () => ({ correct_number: null, tolerance: 0 }),
  Answers: NumberKey,
};
