/** Multiple choice in the banks: the choice mappings with every right option. */
import type { MultipleQuestion } from '../../../../contract/question-types/multiple.ts';
import { choiceMappings } from './choice.ts';

export const multipleMappings = choiceMappings<MultipleQuestion>(false, (q) => q.correct, {
  draftKey: {
    field: 'correct_options',
    required: { given: (draft) => (draft.correct_options ?? []).length > 0, missing: 'noCorrectOption' },
  },
  fromDraft: (draft, read) => ({ type: 'multiple', options: read.options(), correct: draft.correct_options ?? [] }),
  toDraft: (q) => ({ type: 'multiple', options: q.options, correct_options: q.correct }),
  fromBankChoice: (options, correct) => ({ type: 'multiple', options, correct_options: correct }),
});
