import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ANSWER_PARTS } from '../../../../contract/answer-value.ts';
import {
  DEFAULT_MARKING,
  ORDERING_MARKINGS,
  type OrderingMarking,
} from '../../../../contract/question-types/ordering.ts';
import { fieldId } from '../../tutor-tests/editor/field-id.ts';
import { freshOptions } from '../choice/fresh-options.ts';
import { OptionsEditor } from '../choice/OptionsEditor.tsx';
import type { AnswersProps, EditingPart } from '../parts.ts';

/** The items in their right order (takers get them shuffled), and how an order is marked. */
function OrderingKey(props: AnswersProps) {
  const { t } = useLingui();
  const { question, path, name, onChange } = props;
  const markingId = fieldId(`${path}.marking`);
  const markings: Record<OrderingMarking, string> = {
    all: t`All or nothing: points only for the whole order right`,
    position: t`Per item in its right place`,
    next: t`Per item followed by the right next item`,
  };
  return (
    <>
      <OptionsEditor
        {...props}
        list={{
          field: 'options',
          legend: t`Items in the right order (takers get them shuffled)`,
          itemName: (index) => t`Item ${index + 1} of ${name}`,
          addLabel: t`Add an item to ${name}`,
          prefix: 'o',
          max: ANSWER_PARTS,
        }}
      />
      <div className="question-editor__row">
        <label htmlFor={markingId}>{t`Marking of ${name}`}</label>
        <select
          id={markingId}
          value={question.marking ?? DEFAULT_MARKING}
          onChange={(event) => onChange({ ...question, marking: event.currentTarget.value as OrderingMarking })}
        >
          {ORDERING_MARKINGS.map((marking) => (
            <option key={marking} value={marking}>
              {markings[marking]}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

export const orderingEditing: EditingPart = {
  label: msg`Ordering`,
  fresh: () => ({ options: freshOptions(), marking: DEFAULT_MARKING }),
  Answers: OrderingKey,
};
