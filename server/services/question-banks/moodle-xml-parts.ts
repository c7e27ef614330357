/**
 * Moodle XML's types with parts: `matching` (a prompt per `<subquestion>`, its answer plain text
 * inside it, a subquestion with neither text nor picture a distractor) and the `ordering` plugin's
 * questions (answers ordered by their `fraction`, which the plugin writes as 1, 2, 3…).
 */
import type { Element } from '@xmldom/xmldom';
import { DEFAULT_MARKING, type OrderingMarking } from '../../../contract/question-types/ordering.ts';
import type { BankAnswer, BankOption } from './bank.ts';
import { type Answer, richText } from './moodle-xml-text.ts';
import { plainText } from './plain-text.ts';
import { child, children, textAt } from './safe-xml.ts';

export type PartsNote = 'bankGradingApproximated' | 'bankOrderingSubset';

type Read = { answer: BankAnswer; notes: PartsNote[] };

const option = (text: string, image: BankOption['image']): BankOption => ({ text, ...(image ? { image } : {}) });

/** Moodle shows equal answer texts once: here too they are one answer, the first standing for all. */
export function matchingRead(question: Element): Read | null {
  const prompts: BankOption[] = [];
  const options: BankOption[] = [];
  const correct: number[] = [];
  const answerAt = (text: string) => {
    const found = options.findIndex((o) => o.text === text);
    return found >= 0 ? found : options.push({ text }) - 1;
  };
  for (const sub of children(question, 'subquestion')) {
    const prompt = richText(sub);
    const given = child(sub, 'answer');
    const answer = given ? plainText(textAt(given, 'text'), false).trim() : '';
    if (!answer) continue;
    const at = answerAt(answer);
    if (prompt.text.trim() || prompt.image) {
      prompts.push(option(prompt.text, prompt.image));
      correct.push(at);
    }
  }
  return prompts.length >= 2 ? { answer: { type: 'matching', prompts, options, correct }, notes: [] } : null;
}

/** The plugin's grading types, by name and by the number older versions write. */
const GRADING: Record<string, OrderingMarking> = {
  ALL_OR_NOTHING: 'all',
  '-1': 'all',
  ABSOLUTE_POSITION: 'position',
  '0': 'position',
  RELATIVE_NEXT_EXCLUDE_LAST: 'next',
  '1': 'next',
};

/** An ordering of one item is read as it is: the type's mapping skips it as too short (types/ordering.ts). */
export function orderingRead(question: Element, answers: Answer[]): Read | null {
  if (answers.length === 0) return null;
  // A stable sort: answers that share a fraction (or have none) keep the file's order.
  const ordered = answers.map((a, at) => ({ a, at })).sort((x, y) => x.a.fraction - y.a.fraction || x.at - y.at);
  const grading = textAt(question, 'gradingtype').trim().toUpperCase();
  const notes: PartsNote[] = [];
  if (grading && !(grading in GRADING)) notes.push('bankGradingApproximated');
  const select = textAt(question, 'selecttype').trim().toUpperCase();
  if (select && select !== 'ALL' && select !== '0') notes.push('bankOrderingSubset');
  return {
    answer: {
      type: 'ordering',
      options: ordered.map(({ a }) => option(a.text, a.image)),
      marking: GRADING[grading] ?? DEFAULT_MARKING,
    },
    notes,
  };
}
