import type { MarkingAnswer, MarkingSheet } from '../../../contract/hand-marking.ts';

/** How the marking view walks the answers: one question's answers in turn, or one taker's. */
export type MarkingMode = 'question' | 'taker';

/**
 * The answers in the order they are marked: by question (every taker's answer to the first essay,
 * then the second's) or by taker (the sheet's own order: taker by taker, in the test's order).
 */
export function markingOrder(sheet: MarkingSheet, mode: MarkingMode): MarkingAnswer[] {
  if (mode === 'taker') return sheet.answers;
  const place = new Map(sheet.questions.map((q, at) => [q.id, at]));
  return [...sheet.answers].sort(
    (a, b) => (place.get(a.question) ?? 0) - (place.get(b.question) ?? 0) || a.taker - b.taker,
  );
}

/** Where the view opens: the first answer still to mark, or the first of all when every one is marked. */
export function firstToMark(order: readonly MarkingAnswer[]): number {
  const at = order.findIndex((answer) => answer.mark === null);
  return Math.max(at, 0);
}

/** An answer's place, kept across a new read of the sheet (a mark saved, another mode). */
export const answerKey = (answer: Pick<MarkingAnswer, 'session' | 'question'>) =>
  `${answer.session}:${answer.question}`;
