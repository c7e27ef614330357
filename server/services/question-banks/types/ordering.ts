/**
 * Ordering in the banks. Moodle: the `ordering` plugin (in Moodle's core since 4.4), its answers in
 * the right order, its grading type one of Zalik's three (ALL_OR_NOTHING, ABSOLUTE_POSITION,
 * RELATIVE_NEXT_EXCLUDE_LAST). QTI: an `orderInteraction` whose correct response is the order; all or
 * nothing is match_correct, and the partial markings are written as response conditions that any
 * QTI 2.1 player runs (a share of the points per item in its place, or per item followed by its next).
 */
import { ANSWER_PARTS } from '../../../../contract/answer-value.ts';
import {
  DEFAULT_MARKING,
  type OrderingMarking,
  type OrderingQuestion,
} from '../../../../contract/question-types/ordering.ts';
import { phrase } from '../../../i18n/messages.ts';
import type { BankAnswer } from '../bank.ts';
import type { BankTypeMappings } from './bank-type.ts';
import { draftOptions } from './option-ids.ts';

type BankOrdering = Extract<BankAnswer, { type: 'ordering' }>;

/** Moodle's names of Zalik's markings. */
export const MOODLE_GRADING: Record<OrderingMarking, string> = {
  all: 'ALL_OR_NOTHING',
  position: 'ABSOLUTE_POSITION',
  next: 'RELATIVE_NEXT_EXCLUDE_LAST',
};

const matchAt = (at: number, id: string) =>
  `<match><index n="${at + 1}"><variable identifier="RESPONSE"/></index><baseValue baseType="identifier">${id}</baseValue></match>`;

/** The QTI response processing of a partial marking: SCORE raised by `share` for each item that earns it. */
function partialProcessing(ids: string[], marking: Exclude<OrderingMarking, 'all'>, share: number): string {
  const add = `<setOutcomeValue identifier="SCORE"><sum><variable identifier="SCORE"/><baseValue baseType="float">${share}</baseValue></sum></setOutcomeValue>`;
  const conditions =
    marking === 'position'
      ? ids.map((id, at) => matchAt(at, id))
      : ids.slice(0, -1).map((id, k) => {
          const next = ids[k + 1] as string;
          const places = ids.slice(0, -1).map((_, at) => `<and>${matchAt(at, id)}${matchAt(at + 1, next)}</and>`);
          return `<or>${places.join('')}</or>`;
        });
  const start = '<setOutcomeValue identifier="SCORE"><baseValue baseType="float">0</baseValue></setOutcomeValue>';
  return `<responseProcessing>${start}${conditions.map((c) => `<responseCondition><responseIf>${c}${add}</responseIf></responseCondition>`).join('')}</responseProcessing>`;
}

export const orderingMappings: BankTypeMappings<OrderingQuestion, BankOrdering> = {
  // The items' order is the key: a draft always has one.
  draftKey: { field: 'options' },
  fromBank(answer, read) {
    // One item is not an order to find: said so, not as a question without a right answer.
    if (answer.options.length < 2) return read.skip(phrase('bankOrderingTooFew'));
    if (answer.options.length > ANSWER_PARTS) return read.skip(phrase('bankTooManyOptions', { limit: ANSWER_PARTS }));
    return { type: 'ordering', options: draftOptions(answer.options, read), marking: answer.marking };
  },
  fromDraft: (draft, read) => ({
    type: 'ordering',
    options: read.options(),
    marking: draft.marking ?? DEFAULT_MARKING,
  }),
  toDraft: (q) => ({ type: 'ordering', options: q.options, marking: q.marking }),
  moodleXml(q, w) {
    const answers = q.options.map((o, at) => w.rich('answer', w.say(o.text), o.image, ` fraction="${at + 1}"`));
    const layout = [
      '<layouttype>VERTICAL</layouttype>',
      '<selecttype>ALL</selecttype>',
      '<selectcount>0</selectcount>',
      `<gradingtype>${MOODLE_GRADING[q.marking]}</gradingtype>`,
      '<showgrading>SHOW</showgrading>',
      '<numberingstyle>none</numberingstyle>',
    ];
    return `  <question type="ordering">\n    ${w.common}\n    ${[...layout, ...answers].join('\n    ')}\n  </question>`;
  },
  qti(q, w) {
    const ids = q.options.map((_, at) => `I${at + 1}`);
    const choices = q.options.map(
      (o, at) => `<simpleChoice identifier="I${at + 1}">${w.xhtml(w.say(o.text))}${w.img(o.image)}</simpleChoice>`,
    );
    const pieces = q.marking === 'position' ? ids.length : ids.length - 1;
    return {
      declaration: `<responseDeclaration identifier="RESPONSE" cardinality="ordered" baseType="identifier"><correctResponse>${ids.map((id) => `<value>${id}</value>`).join('')}</correctResponse></responseDeclaration>`,
      body: `${w.prompt}<orderInteraction responseIdentifier="RESPONSE" shuffle="true">${choices.join('')}</orderInteraction>`,
      processing:
        q.marking === 'all'
          ? `<responseProcessing template="${w.templates}/match_correct"/>`
          : partialProcessing(ids, q.marking, Math.round((q.points / pieces) * 1e6) / 1e6),
    };
  },
};
