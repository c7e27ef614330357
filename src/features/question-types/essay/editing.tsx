import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import { MAX_WORD_LIMIT } from '../../../../contract/question-types/essay.ts';
import { NumberInput } from '../../../shared/forms/number-field/NumberInput.tsx';
import { fieldId } from '../../tutor-tests/editor/field-id.ts';
import type { AnswersProps, EditingPart } from '../parts.ts';

/** An essay has no key: the words its answer should have, at least and at most (both optional). */
export function EssayLimits({ question, path, onChange }: AnswersProps) {
  const { t } = useLingui();
  const limits = [
    ['min_words', t`Fewest words (optional)`],
    ['max_words', t`Most words (optional)`],
  ] as const;
  return (
    <div className="question-editor__row">
      <p className="muted">{t`Marked by you after the test: each written answer waits in the marking view.`}</p>
      {limits.map(([field, label]) => (
        <Fragment key={field}>
          <label htmlFor={fieldId(`${path}.${field}`)}>{label}</label>
          <NumberInput
            id={fieldId(`${path}.${field}`)}
            className="field__input--number"
            empty="null"
            whole
            min={1}
            max={MAX_WORD_LIMIT}
            value={question[field] ?? null}
            onValue={(words) => onChange({ ...question, [field]: words })}
          />
        </Fragment>
      ))}
    </div>
  );
}

export const essayEditing: EditingPart = {
  label: msg`Essay (marked by hand)`,
  fresh: () => ({ min_words: null, max_words: null }),
  Answers: EssayLimits,
};
