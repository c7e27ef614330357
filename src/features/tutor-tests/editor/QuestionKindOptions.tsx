import { useLingui } from '@lingui/react/macro';
import { QUESTION_TYPE_NAMES } from '../../../../contract/question-types/registry.ts';
import { EDITING_PARTS } from '../../question-types/editing.ts';

/**
 * The choices of a list of question types (a new question's, a question's own type): every type of
 * the registry in its order, each named as its part of the editor names it, so that a type added to
 * the registry is offered everywhere at once.
 */
export function QuestionKindOptions() {
  const { i18n } = useLingui();
  return QUESTION_TYPE_NAMES.map((kind) => (
    <option key={kind} value={kind}>
      {i18n._(EDITING_PARTS[kind].label)}
    </option>
  ));
}
