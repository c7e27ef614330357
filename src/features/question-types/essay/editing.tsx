import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { MAX_WORD_LIMIT } from '../../../../contract/question-types/essay.ts';
import { NumberInput } from '../../../shared/forms/number-field/NumberInput.tsx';
import { fieldId } from '../../tutor-tests/editor/field-id.ts';
import type { AnswersProps, EditingPart } from '../parts.ts';

/** An essay has no key: the words its answer should have, at least and at most (both optional). */
export function EssayLimits({ question, path, onChange }: AnswersProps) {
  const { t } = useLingui();
  const minId = fieldId(`${path}.min_words`);
  const maxId = fieldId(`${path}.max_words`);
  return (
    <div className="question-editor__row">
      <p className="muted">{t`Marked by you after the test: each written answer waits in the marking view.`}</p>
      <label htmlFor={minId}>{t`Fewest words (optional)`}</label>
      <NumberInput
        id={minId}
        className="field__input--number"
        empty="null"
        whole
        min={1}
        max={MAX_WORD_LIMIT}
        value={question.min_words ?? null}
        onValue={(min_words) => onChange({ ...question, min_words })}
      />
      <label htmlFor={maxId}>{t`Most words (optional)`}</label>
      <NumberInput
        id={maxId}
        className="field__input--number"
        empty="null"
        whole
        min={1}
        max={MAX_WORD_LIMIT}
        value={question.max_words ?? null}
        onValue={(max_words) => onChange({ ...question, max_words })}
      />
    </div>
  );
}

export const essayEditing: EditingPart = {
  label: msg`Essay (marked by hand)`,
  fresh: () => ({ min_words: null, max_words: null }),
  Answers: EssayLimits,
};
