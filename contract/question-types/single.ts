/** One correct option: all the points for it, none for another. */
import { Key, Options, questionCommon } from '../lesson-parts.ts';
import { type Infer, literal, object } from '../structs.ts';
import { optionProblems, pickOne, textOf } from './choice-parts.ts';
import { questionType } from './unit.ts';

const SingleQuestion = object({ ...questionCommon, type: literal('single'), options: Options, correct: Key });
export type SingleQuestion = Infer<typeof SingleQuestion>;

export const single = questionType<SingleQuestion>({
  name: 'single',
  struct: SingleQuestion,
  valueProblem(question, value) {
    if (typeof value !== 'string') return 'chooseOneOption';
    return question.options.some((o) => o.id === value) ? null : 'noSuchOption';
  },
  credit: (question, value) => (value === question.correct ? 1 : 0),
  fileProblems: (question, check) => optionProblems(question.options, [question.correct], check),
  options: (question) => question.options,
  picked: (_question, value) => [value as string],
  sample: (seen, random) => pickOne(seen, random),
  readable: (shown, value) => textOf(shown, value as string),
  correctAnswer: (question) => question.correct,
});
