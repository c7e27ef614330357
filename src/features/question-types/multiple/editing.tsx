import { msg } from '@lingui/core/macro';
import { freshOptions } from '../choice/fresh-options.ts';
import { type ChoiceKey, OptionsEditor } from '../choice/OptionsEditor.tsx';
import type { AnswersProps, EditingPart } from '../parts.ts';

/** Every right option marked; the last one marked is added at the end. */
const allRight: ChoiceKey = {
  one: false,
  field: 'correct_options',
  correct: (question) => question.correct_options ?? [],
  mark(question, id, on) {
    const others = (question.correct_options ?? []).filter((c) => c !== id);
    return { ...question, correct_options: on ? [...others, id] : others };
  },
};

export const multipleEditing: EditingPart = {
  label: msg`Several correct options`,
  fresh: () => ({ options: freshOptions(), correct_options: [] }),
  Answers: (props: AnswersProps) => <OptionsEditor {...props} choice={allRight} />,
};
