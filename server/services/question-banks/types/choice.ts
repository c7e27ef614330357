/**
 * Single and multiple choice in the banks. Moodle: `multichoice`, `<single>` saying which; the right
 * options share 100 % and, for multiple choice, each wrong one is −100 % (Zalik scores it whole: any
 * wrong choice loses the question). QTI: a `choiceInteraction` matched whole (match_correct).
 */

import { LESSON_LIMITS } from '../../../../contract/content.ts';
import type { Option } from '../../../../contract/lesson-parts.ts';
import { phrase } from '../../../i18n/messages.ts';
import type { BankOption } from '../bank.ts';
import type { BankTypeMappings, DraftOption, DraftTypeFields } from './bank-type.ts';
import { draftOptions, optionId } from './option-ids.ts';

/** Moodle's grades are fractions from its own list: 100/k is one of them for k up to 10. */
const share = (count: number) => (100 / count).toFixed(5).replace(/\.?0+$/, '');

type BankChoice = { options: BankOption[]; correct: number[] };

export function choiceMappings<Q extends { options: Option[] }>(
  single: boolean,
  rightOnes: (question: Q) => readonly string[],
  drafts: Pick<BankTypeMappings<Q>, 'fromDraft' | 'toDraft' | 'draftKey'> & {
    /** The draft's fields of the type from a bank's options (ids given) and its right ones' ids. */
    fromBankChoice(options: DraftOption[], correct: string[]): DraftTypeFields;
  },
): BankTypeMappings<Q, BankChoice> {
  const { fromBankChoice, ...draftMappings } = drafts;
  const correctIndices = (q: Q) => q.options.flatMap((o, at) => (rightOnes(q).includes(o.id) ? [at] : []));
  return {
    ...draftMappings,
    sheet: {
      guess: (row) => row.letters.length > 0 && (single ? row.chosen.length <= 1 : row.chosen.length > 1),
      read(row) {
        const correct = row.chosen.map((l) => row.letters.indexOf(l));
        if (correct.length === 0 || correct.includes(-1) || (single && correct.length !== 1)) {
          return 'bankNoCorrectAnswer';
        }
        return ({ options }) => ({ options, correct });
      },
    },
    fromBank(answer, read) {
      if (answer.options.length > LESSON_LIMITS.options) {
        return read.skip(phrase('bankTooManyOptions', { limit: LESSON_LIMITS.options }));
      }
      const options = draftOptions(answer.options, read);
      const correct = answer.correct.map(optionId);
      return fromBankChoice(options, correct);
    },
    moodleXml(q, w) {
      const correct = correctIndices(q);
      const answers = q.options.map((option, i) => {
        const fraction = correct.includes(i) ? share(correct.length) : single ? '0' : '-100';
        return w.rich('answer', w.say(option.text), option.image, ` fraction="${fraction}"`);
      });
      return `  <question type="multichoice">\n    ${w.common}\n    <single>${single}</single>\n    <shuffleanswers>0</shuffleanswers>\n    <answernumbering>abc</answernumbering>\n    ${answers.join('\n    ')}\n  </question>`;
    },
    qti(q, w) {
      const correct = correctIndices(q);
      const choices = q.options.map(
        (option, i) =>
          `<simpleChoice identifier="C${i + 1}">${w.xhtml(w.say(option.text))}${w.img(option.image)}</simpleChoice>`,
      );
      // `single` and `multiple` here are QTI's cardinalities, not Zalik's type names.
      return {
        declaration: `<responseDeclaration identifier="RESPONSE" cardinality="${single ? 'single' : 'multiple'}" baseType="identifier"><correctResponse>${correct.map((i) => `<value>C${i + 1}</value>`).join('')}</correctResponse></responseDeclaration>`,
        body: `${w.prompt}<choiceInteraction responseIdentifier="RESPONSE" shuffle="false" maxChoices="${single ? 1 : 0}">${choices.join('')}</choiceInteraction>`,
        processing: `<responseProcessing template="${w.templates}/match_correct"/>`,
      };
    },
  };
}
