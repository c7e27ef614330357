/**
 * Matching: each prompt matched to one answer from a list that may hold more answers than prompts
 * (distractors), and an answer may be right for several prompts. Credit per right pair: a taker who
 * matches 3 of 4 prompts rightly earns ¾ of the points; a pair left open earns nothing.
 */
import { ANSWER_PARTS, isPartsValue } from '../answer-value.ts';
import { Key, Options, questionCommon } from '../lesson-parts.ts';
import { type Infer, literal, object, record, refine, size } from '../structs.ts';
import { optionProblems, pickOne, textOf } from './choice-parts.ts';
import { questionType } from './unit.ts';

/** 2 to 20 prompts, as an answer may name at most ANSWER_PARTS parts. */
const Prompts = size(Options, 2, ANSWER_PARTS);

const MatchingQuestion = object({
  ...questionCommon,
  type: literal('matching'),
  prompts: Prompts,
  /** The answers a prompt is matched to, distractors among them. */
  options: Options,
  /** Each prompt's id → its right answer's id. */
  correct: refine(record(Key, Key), 'matches', (pairs) => Object.keys(pairs).length <= ANSWER_PARTS),
});
export type MatchingQuestion = Infer<typeof MatchingQuestion>;

/** Each prompt's credit: 1 for its right answer, 0 for another or none. */
function pairCredits(question: MatchingQuestion, given: Record<string, string>): Record<string, number> {
  return Object.fromEntries(
    question.prompts.map((p) => [p.id, Object.hasOwn(given, p.id) && given[p.id] === question.correct[p.id] ? 1 : 0]),
  );
}

export const matching = questionType<MatchingQuestion>({
  name: 'matching',
  struct: MatchingQuestion,
  optionOrder: 'shuffled',
  valueProblem(question, value) {
    if (!isPartsValue(value)) return 'sendMatches';
    const prompts = new Set(question.prompts.map((p) => p.id));
    const options = new Set(question.options.map((o) => o.id));
    for (const [prompt, option] of Object.entries(value)) {
      if (!prompts.has(prompt)) return 'noSuchPrompt';
      if (typeof option !== 'string') return 'sendMatches';
      if (!options.has(option)) return 'noSuchOption';
    }
    return null;
  },
  credit(question, value) {
    const parts = Object.values(pairCredits(question, value as Record<string, string>));
    return parts.reduce((sum, part) => sum + part, 0) / parts.length;
  },
  partCredits: (question, value) => pairCredits(question, value as Record<string, string>),
  parts: (question) => question.prompts,
  fileProblems(question, check) {
    // The prompts' own rules are the options' (ids once, texts in each language); their key is `correct`.
    optionProblems(question.prompts, [], check, 'prompts');
    optionProblems(question.options, Object.values(question.correct), check, 'options', true);
    const prompts = new Set(question.prompts.map((p) => p.id));
    if (question.prompts.some((p) => !Object.hasOwn(question.correct, p.id)))
      check.problem('correct', 'promptWithoutMatch');
    if (Object.keys(question.correct).some((id) => !prompts.has(id))) check.problem('correct', 'matchNotAPrompt');
  },
  options: (question) => question.options,
  picked: (_question, value) => Object.values(value as Record<string, string>),
  prompts: (question) => question.prompts,
  sample: (seen, random) =>
    Object.fromEntries((seen.prompts ?? []).map((prompt) => [prompt.id, pickOne(seen, random)] as const)),
  readable(shown, value) {
    const given = value as Record<string, string>;
    return (shown.prompts ?? [])
      .filter((p) => Object.hasOwn(given, p.id))
      .map((p) => `${p.text} → ${textOf(shown, given[p.id] as string)}`)
      .join('; ');
  },
  correctAnswer: (question) => ({ ...question.correct }),
});
