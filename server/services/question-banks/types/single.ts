/** Single choice in the banks: the choice mappings with one right option. */
import type { SingleQuestion } from '../../../../contract/question-types/single.ts';
import { choiceMappings } from './choice.ts';

export const singleMappings = choiceMappings<SingleQuestion>(true, (q) => [q.correct], {
  draftKey: {
    field: 'correct_option',
    required: { given: (draft) => Boolean(draft.correct_option), missing: 'noCorrectOption' },
  },
  fromDraft: (draft, read) => ({ type: 'single', options: read.options(), correct: draft.correct_option ?? '' }),
  toDraft: (q) => ({ type: 'single', options: q.options, correct_option: q.correct }),
  fromBankChoice: (options, correct) => ({ type: 'single', options, correct_option: correct[0] ?? null }),
});
