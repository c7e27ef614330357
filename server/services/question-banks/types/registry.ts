/** Each question type's bank mappings, one line per type of the contract's registry (a type without one does not compile). */
import type { Question } from '../../../../contract/content.ts';
import type { QuestionOf, QuestionType } from '../../../../contract/question-types/registry.ts';
import type { BankAnswer } from '../bank.ts';
import type { BankTypeMappings } from './bank-type.ts';
import { essayMappings } from './essay.ts';
import { gapsMappings } from './gaps.ts';
import { matchingMappings } from './matching.ts';
import { multipleMappings } from './multiple.ts';
import { numberMappings } from './number.ts';
import { orderingMappings } from './ordering.ts';
import { singleMappings } from './single.ts';
import { textMappings } from './text.ts';

type BankAnswerOf<N extends QuestionType> = Extract<BankAnswer, { type: N }>;

const BANK_TYPES: { readonly [N in QuestionType]: BankTypeMappings<QuestionOf<N>, BankAnswerOf<N>> } = {
  single: singleMappings,
  multiple: multipleMappings,
  text: textMappings,
  number: numberMappings,
  matching: matchingMappings,
  ordering: orderingMappings,
  gaps: gapsMappings,
  essay: essayMappings,
};

export function bankMappingsOf<Q extends Question>(question: Q): BankTypeMappings<Q> {
  return BANK_TYPES[question.type] as unknown as BankTypeMappings<Q>;
}

/** The mappings of a type by its name (a draft's or a bank's question, whose type is only a name). */
export function bankMappingsNamed(type: QuestionType): BankTypeMappings<Question, BankAnswer> {
  return BANK_TYPES[type] as unknown as BankTypeMappings<Question, BankAnswer>;
}
