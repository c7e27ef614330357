/** Each question type's bank mappings, one line per type of the contract's registry (a type without one does not compile). */
import type { Question } from '../../../../contract/content.ts';
import type { MultipleQuestion } from '../../../../contract/question-types/multiple.ts';
import type { QuestionOf, QuestionType } from '../../../../contract/question-types/registry.ts';
import type { SingleQuestion } from '../../../../contract/question-types/single.ts';
import type { BankAnswer } from '../bank.ts';
import type { BankTypeMappings } from './bank-type.ts';
import { choiceMappings } from './choice.ts';
import { numberMappings } from './number.ts';
import { textMappings } from './text.ts';

type BankAnswerOf<N extends QuestionType> = Extract<BankAnswer, { type: N }>;

const BANK_TYPES: { readonly [N in QuestionType]: BankTypeMappings<QuestionOf<N>, BankAnswerOf<N>> } = {
  single: choiceMappings<SingleQuestion>(true, (q) => [q.correct], {
    draftKey: { field: 'correct_option', given: (draft) => Boolean(draft.correct_option), missing: 'noCorrectOption' },
    fromDraft: (draft, read) => ({ type: 'single', options: read.options(), correct: draft.correct_option ?? '' }),
    toDraft: (q) => ({ type: 'single', options: q.options, correct_option: q.correct }),
  }),
  multiple: choiceMappings<MultipleQuestion>(false, (q) => q.correct, {
    draftKey: {
      field: 'correct_options',
      given: (draft) => (draft.correct_options ?? []).length > 0,
      missing: 'noCorrectOption',
    },
    fromDraft: (draft, read) => ({ type: 'multiple', options: read.options(), correct: draft.correct_options ?? [] }),
    toDraft: (q) => ({ type: 'multiple', options: q.options, correct_options: q.correct }),
  }),
  text: textMappings,
  number: numberMappings,
};

export function bankMappingsOf<Q extends Question>(question: Q): BankTypeMappings<Q> {
  return BANK_TYPES[question.type] as unknown as BankTypeMappings<Q>;
}

/** The mappings of a type by its name (a draft's or a bank's question, whose type is only a name). */
export function bankMappingsNamed(type: QuestionType): BankTypeMappings<Question, BankAnswer> {
  return BANK_TYPES[type] as unknown as BankTypeMappings<Question, BankAnswer>;
}
