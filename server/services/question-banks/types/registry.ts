/** Each question type's bank mappings, one line per type of the contract's registry (a type without one does not compile). */
import type { Question } from '../../../../contract/content.ts';
import type { MultipleQuestion } from '../../../../contract/question-types/multiple.ts';
import type { QuestionOf, QuestionType } from '../../../../contract/question-types/registry.ts';
import type { SingleQuestion } from '../../../../contract/question-types/single.ts';
import type { BankTypeWriters } from './bank-type.ts';
import { choiceWriters } from './choice.ts';
import { numberWriters } from './number.ts';
import { textWriters } from './text.ts';

const BANK_TYPES: { readonly [N in QuestionType]: BankTypeWriters<QuestionOf<N>> } = {
  single: choiceWriters<SingleQuestion>(true, (q) => [q.correct]),
  multiple: choiceWriters<MultipleQuestion>(false, (q) => q.correct),
  text: textWriters,
  number: numberWriters,
};

export function bankWritersOf<Q extends Question>(question: Q): BankTypeWriters<Q> {
  return BANK_TYPES[question.type] as unknown as BankTypeWriters<Q>;
}
