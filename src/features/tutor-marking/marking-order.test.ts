import { describe, expect, it } from 'vitest';
import type { MarkingSheet } from '../../../contract/hand-marking.ts';
import { answerKey, firstToMark, markingOrder } from './marking-order.ts';

const answer = (taker: number, question: string, marked: boolean) => ({
  session: `00000000-0000-4000-8000-00000000000${taker}`,
  question,
  name: null,
  taker,
  text: 'Text',
  words: 1,
  mark: marked ? { points: 1, comment: null, marked_at: 1 } : null,
});

const sheet: MarkingSheet = {
  anonymous: true,
  questions: [
    { id: 'e1', text: 'First', points: 5 },
    { id: 'e2', text: 'Second', points: 5 },
  ],
  answers: [answer(1, 'e1', true), answer(1, 'e2', false), answer(2, 'e1', false), answer(2, 'e2', true)],
};

describe('the marking order', () => {
  it('goes taker by taker, each in the test’s order', () => {
    expect(markingOrder(sheet, 'taker').map(answerKey)).toEqual(sheet.answers.map(answerKey));
  });

  it('goes question by question, every taker in turn', () => {
    expect(markingOrder(sheet, 'question').map((a) => `${a.question}/${a.taker}`)).toEqual([
      'e1/1',
      'e1/2',
      'e2/1',
      'e2/2',
    ]);
  });

  it('opens at the first answer still to mark, or at the start when all are marked', () => {
    expect(firstToMark(markingOrder(sheet, 'question'))).toBe(1);
    expect(firstToMark(markingOrder(sheet, 'taker'))).toBe(1);
    expect(firstToMark([answer(1, 'e1', true)])).toBe(0);
    expect(firstToMark([])).toBe(0);
  });
});
