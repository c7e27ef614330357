/**
 * Ordering: 2 to 20 items put in order; the answer is every item's id in the taker's order. The
 * tutor picks the marking per question (docs/question-types.md):
 * - `all`: all the points for the right order, none otherwise;
 * - `position`: each item in its right place earns its share (Moodle's "absolute position");
 * - `next`: each item but the last earns its share when the item after it is the one that follows
 *   it in the right order (Moodle's "relative to the next item, excluding the last").
 * Its taker starts from a shuffled order that is never already right.
 */
import { ANSWER_PARTS } from '../answer-value.ts';
import { Options, questionCommon } from '../lesson-parts.ts';
import { enums, type Infer, literal, object, size } from '../structs.ts';
import { optionProblems, textOf } from './choice-parts.ts';
import { questionType } from './unit.ts';

export const ORDERING_MARKINGS = ['all', 'position', 'next'] as const;
export type OrderingMarking = (typeof ORDERING_MARKINGS)[number];
/** A new ordering's marking, and one whose file says none: Moodle's default, relative to the next item. */
export const DEFAULT_MARKING: OrderingMarking = 'next';

const OrderingQuestion = object({
  ...questionCommon,
  type: literal('ordering'),
  /** The items in their right order (named as every type's options, which its taker orders). */
  options: size(Options, 2, ANSWER_PARTS),
  marking: enums(ORDERING_MARKINGS),
});
export type OrderingQuestion = Infer<typeof OrderingQuestion>;

/** The share of the points an order earns under a marking; `order` holds every item once. */
export function orderCredit(right: readonly string[], order: readonly string[], marking: OrderingMarking): number {
  const n = right.length;
  if (marking === 'all') return order.every((id, at) => id === right[at]) ? 1 : 0;
  if (marking === 'position') return order.filter((id, at) => id === right[at]).length / n;
  const place = new Map(right.map((id, at) => [id, at] as const));
  let followed = 0;
  for (let at = 0; at < n - 1; at++)
    if ((place.get(order[at] as string) ?? -2) + 1 === place.get(order[at + 1] as string)) followed++;
  return followed / (n - 1);
}

export const ordering = questionType<OrderingQuestion>({
  name: 'ordering',
  struct: OrderingQuestion,
  optionOrder: 'unsolved',
  valueProblem(question, value) {
    if (!Array.isArray(value)) return 'sendOrder';
    const ids = new Set(question.options.map((item) => item.id));
    if (value.some((id) => !ids.has(id))) return 'noSuchOption';
    return value.length === ids.size && new Set(value).size === ids.size ? null : 'orderEveryItem';
  },
  credit: (question, value) =>
    orderCredit(
      question.options.map((item) => item.id),
      value as string[],
      question.marking,
    ),
  fileProblems: (question, check) => optionProblems(question.options, [], check),
  options: (question) => question.options,
  // Any order of every item: the options as the taker sees them, rotated by a random step.
  sample(seen, random) {
    const ids = (seen.options ?? []).map((o) => o.id);
    const step = Math.floor(random() * ids.length);
    return [...ids.slice(step), ...ids.slice(0, step)];
  },
  readable: (shown, value) => (value as string[]).map((id, at) => `${at + 1}. ${textOf(shown, id)}`).join('; '),
  correctAnswer: (question) => question.options.map((item) => item.id),
});
