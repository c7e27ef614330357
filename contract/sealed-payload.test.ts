import { describe, expect, it } from 'vitest';
import type { TakerBlock } from './online.ts';
import { inAttemptOrder } from './sealed-payload.ts';

const block = (id: string, questions: string[]): TakerBlock => ({
  id,
  title: id,
  questions: questions.map((q) => ({
    id: q,
    type: 'single',
    text: q,
    points: 1,
    options: ['a', 'b', 'c'].map((o) => ({ id: o, text: `${q}${o}` })),
  })),
});

describe("an attempt's own order put on the payload's blocks", () => {
  const blocks = [block('b1', ['q1', 'q2', 'q3']), block('b2', ['q4'])];

  it('leaves the blocks as written without an order', () => {
    expect(inAttemptOrder(blocks, undefined)).toBe(blocks);
  });

  it('orders questions within their block and options within their question; blocks keep their place', () => {
    const ordered = inAttemptOrder(blocks, [
      { block: 'b1', questions: ['q3', 'q1', 'q2'], options: { q1: ['c', 'a', 'b'] } },
    ]);
    expect(ordered.map((b) => b.id)).toEqual(['b1', 'b2']);
    expect(ordered[0]?.questions.map((q) => q.id)).toEqual(['q3', 'q1', 'q2']);
    expect(ordered[0]?.questions[1]?.options?.map((o) => o.id)).toEqual(['c', 'a', 'b']);
    // A question the order leaves alone keeps its options as written; so does a block.
    expect(ordered[0]?.questions[0]?.options?.map((o) => o.id)).toEqual(['a', 'b', 'c']);
    expect(ordered[1]).toEqual(blocks[1]);
    // The payload's blocks are not changed.
    expect(blocks[0]?.questions.map((q) => q.id)).toEqual(['q1', 'q2', 'q3']);
  });
});
