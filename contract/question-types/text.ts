/** A short text: all the points when it is one of the accepted answers, in any of the lesson's languages. */
import { isLineValue } from '../answer-value.ts';
import { LocalizedVariants, questionCommon } from '../lesson-parts.ts';
import { primaryOf } from '../localized.ts';
import { type Infer, literal, object } from '../structs.ts';
import { questionType } from './unit.ts';

const TextQuestion = object({ ...questionCommon, type: literal('text'), accepted: LocalizedVariants });
export type TextQuestion = Infer<typeof TextQuestion>;

/** Trim, fold case and collapse inner spaces, so "  Kyiv " and "kyiv" are the same answer. */
export function normalizeText(value: string): string {
  return value.normalize('NFKC').trim().toLocaleLowerCase('und').replace(/\s+/g, ' ');
}

/**
 * A question's accepted answers in every language, normalized once per question: a version's
 * questions are kept for as long as it is, and a class's results check the same ones thousands of times.
 */
const acceptedSets = new WeakMap<TextQuestion, ReadonlySet<string>>();
function acceptedOf(question: TextQuestion): ReadonlySet<string> {
  let set = acceptedSets.get(question);
  if (!set) {
    set = new Set(Object.values(question.accepted).flatMap((list) => list.map(normalizeText)));
    acceptedSets.set(question, set);
  }
  return set;
}

export const text = questionType<TextQuestion>({
  name: 'text',
  struct: TextQuestion,
  fileProblems: (question, check) => check.localized(question.accepted, 'accepted'),
  valueProblem: (_question, value) => (isLineValue(value) ? null : 'sendText'),
  credit(question, value) {
    const given = normalizeText(value as string);
    return given !== '' && acceptedOf(question).has(given) ? 1 : 0;
  },
  sample: () => 'x',
  readable: (_shown, value) => String(value),
  correctAnswer: (question, locale) => (question.accepted[locale] ?? primaryOf(question.accepted))?.[0] ?? '',
});
