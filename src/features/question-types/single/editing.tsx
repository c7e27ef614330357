import { msg } from '@lingui/core/macro';
import { freshOptions } from '../choice/fresh-options.ts';
import { type ChoiceKey, OptionsEditor } from '../choice/OptionsEditor.tsx';
import type { AnswersProps, EditingPart } from '../parts.ts';

/** One right option: marking another moves the mark. */
export const oneRight: ChoiceKey = {
  one: true,
  field: 'correct_option',
  correct: (question) => (question.correct_option ? [question.correct_option] : []),
  mark: (question, id, on) => ({ ...question, correct_option: on ? id : null }),
};

export const singleEditing: EditingPart = {
  label: msg`One correct option`,
  fresh: () => ({ options: freshOptions(), correct_option: null }),
  Answers: (props: AnswersProps) => <OptionsEditor {...props} choice={oneRight} />,
};
