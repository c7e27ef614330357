/**
 * An essay: a written answer of up to ESSAY_CHARACTERS characters, line breaks kept, marked by a person
 * (docs/question-types.md). No function can mark it: its points are the tutor's hand mark, and until
 * that mark is given an attempt with a written essay is "awaiting marking". An essay left empty (or
 * only spaces) needs no marking and earns nothing, as Moodle treats an essay not answered.
 *
 * The optional word limits are guidance shown to the taker as they type and to the marker beside the
 * answer; an answer outside them is still kept whole: a timed test never refuses written work.
 */
import { ESSAY_CHARACTERS } from '../essay-size.ts';
import { questionCommon } from '../lesson-parts.ts';
import { between, type Infer, integer, literal, object, optional } from '../structs.ts';
import { questionType } from './unit.ts';

export { ESSAY_CHARACTERS };

/** The highest word limit a question may set: 20,000 characters hold about 3,000 words. */
export const MAX_WORD_LIMIT = 5000;

const WordLimit = optional(between(integer(), 1, MAX_WORD_LIMIT, `must be a whole number from 1 to ${MAX_WORD_LIMIT}`));

const EssayQuestion = object({ ...questionCommon, type: literal('essay'), min_words: WordLimit, max_words: WordLimit });
export type EssayQuestion = Infer<typeof EssayQuestion>;

/**
 * Words as the taker and the marker see them counted: runs of letters, digits and joining marks
 * between spaces and punctuation ("don't", "Зелена-Гура" and "3,14" are one word each), the same on
 * every device and on the server.
 */
export function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}\p{M}]+(?:['’\-.,][\p{L}\p{N}\p{M}]+)*/gu)?.length ?? 0;
}

/** Whether a written answer is there to be marked: an essay of only spaces is one not answered. */
export const isWritten = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Where a written answer stands against the question's word limits. */
export function wordLimitState(question: Pick<EssayQuestion, 'min_words' | 'max_words'>, words: number) {
  if (question.min_words !== undefined && words < question.min_words) return 'below' as const;
  if (question.max_words !== undefined && words > question.max_words) return 'above' as const;
  return 'within' as const;
}

export const essay = questionType<EssayQuestion>({
  name: 'essay',
  struct: EssayQuestion,
  handMarked: true,
  fileProblems(question, check) {
    if (question.min_words !== undefined && question.max_words !== undefined && question.min_words > question.max_words)
      check.problem('max_words', 'wordLimits');
  },
  valueProblem: (_question, value) =>
    typeof value === 'string' && value.length <= ESSAY_CHARACTERS ? null : 'sendEssay',
  // No function marks an essay: its credit is the tutor's mark (registry.ts `markedCredit`).
  credit: () => 0,
  shown: (question) => ({
    ...(question.min_words === undefined ? {} : { min_words: question.min_words }),
    ...(question.max_words === undefined ? {} : { max_words: question.max_words }),
  }),
  sample: (_seen, random) =>
    Array.from({ length: 20 + Math.floor(random() * 60) }, (_, i) => (i % 12 === 11 ? 'word.\n' : 'word')).join(' '),
  readable: (_shown, value) => String(value),
  correctAnswer: () => '',
});
