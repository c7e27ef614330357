/** Several correct options: all the points for exactly those options, none otherwise. */
import { Key, LESSON_LIMITS, Options, questionCommon } from '../lesson-parts.ts';
import { array, type Infer, literal, object, size } from '../structs.ts';
import { optionProblems, pickOne, textOf } from './choice-parts.ts';
import { questionType } from './unit.ts';

const MultipleQuestion = object({
  ...questionCommon,
  type: literal('multiple'),
  options: Options,
  correct: size(array(Key), 1, LESSON_LIMITS.options),
});
export type MultipleQuestion = Infer<typeof MultipleQuestion>;

export const multiple = questionType<MultipleQuestion>({
  name: 'multiple',
  struct: MultipleQuestion,
  valueProblem(question, value) {
    if (!Array.isArray(value)) return 'sendOptionList';
    if (new Set(value).size !== value.length) return 'optionTwice';
    const ids = new Set(question.options.map((o) => o.id));
    return value.every((v) => ids.has(v)) ? null : 'noSuchOption';
  },
  credit(question, value) {
    const given = value as string[];
    return given.length === question.correct.length && question.correct.every((c) => given.includes(c)) ? 1 : 0;
  },
  fileProblems: (question, check) => optionProblems(question.options, question.correct, check),
  options: (question) => question.options,
  picked: (_question, value) => value as string[],
  sample: (seen, random) => [pickOne(seen, random)],
  readable: (shown, value) => (value as string[]).map((id) => textOf(shown, id)).join('; '),
  correctAnswer: (question) => question.correct,
});
