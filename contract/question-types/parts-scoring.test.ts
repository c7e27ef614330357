/** The marking of the types whose answers have parts (matching, ordering): credit per part, as tables. */
import { describe, expect, it } from 'vitest';
import { orderCredit } from './ordering.ts';
import { readableAnswer, unitOf } from './registry.ts';
import { common, options, table } from './scoring-table.ts';

const prompts = ['p1', 'p2', 'p3', 'p4'].map((id) => ({ id, text: { en: `Prompt ${id}` } }));
// p1 → a, p2 → b, p3 → b (an answer right for two prompts); c and d are distractors for p4's d… and c.
const matching = {
  ...common,
  type: 'matching' as const,
  prompts,
  options,
  correct: { p1: 'a', p2: 'b', p3: 'b', p4: 'd' },
};

describe('matching', () => {
  table(matching, [
    ['every pair right', { p1: 'a', p2: 'b', p3: 'b', p4: 'd' }, null, 1],
    ['three of four', { p1: 'a', p2: 'b', p3: 'b', p4: 'c' }, null, 0.75],
    ['two right, two left open', { p1: 'a', p4: 'd' }, null, 0.5],
    ['one right', { p1: 'a', p2: 'c', p3: 'c', p4: 'c' }, null, 0.25],
    ['every pair wrong', { p1: 'b', p2: 'a', p3: 'a', p4: 'a' }, null, 0],
    ['nothing matched', {}, null, 0],
    ['no answer', null, null, 0],
    ['one answer for every prompt', { p1: 'b', p2: 'b', p3: 'b', p4: 'b' }, null, 0.5],
    ['a prompt that is not there', { p1: 'a', p9: 'a' }, 'noSuchPrompt', 0],
    ['an answer that is not there', { p1: 'a', p2: 'x' }, 'noSuchOption', 0],
    ['a number for an answer', { p1: 'a', p2: 2 }, 'sendMatches', 0],
    ['a list instead of pairs', ['a', 'b', 'b', 'd'], 'sendMatches', 0],
    ['a text', 'a', 'sendMatches', 0],
    ['a number', 1, 'sendMatches', 0],
    ['a prompt named like an object’s own key', { toString: 'a', p1: 'a' }, 'noSuchPrompt', 0],
  ]);

  it('reads as prompt → answer in the prompts’ order, open pairs left out', () => {
    const shown = {
      prompts: prompts.map((p) => ({ id: p.id, text: `P${p.id.slice(1)}` })),
      options: options.map((o) => ({ id: o.id, text: o.id.toUpperCase() })),
    };
    expect(readableAnswer(matching, shown, { p2: 'b', p1: 'c' })).toBe('P1 → C; P2 → B');
    expect(readableAnswer(matching, shown, { p9: 'b' })).toBe('{"p9":"b"}');
  });
});

const order = ['a', 'b', 'c', 'd'];
const ordering = (marking: 'all' | 'position' | 'next') => ({
  ...common,
  type: 'ordering' as const,
  options,
  marking,
});

describe('ordering, all or nothing', () => {
  table(ordering('all'), [
    ['the right order', order, null, 1],
    ['two swapped', ['b', 'a', 'c', 'd'], null, 0],
    ['reversed', ['d', 'c', 'b', 'a'], null, 0],
    ['turned by one', ['b', 'c', 'd', 'a'], null, 0],
    ['the last two swapped', ['a', 'b', 'd', 'c'], null, 0],
    ['no answer', null, null, 0],
    ['an item left out', ['a', 'b', 'c'], 'orderEveryItem', 0],
    ['an item twice', ['a', 'b', 'c', 'c'], 'orderEveryItem', 0],
    ['an item twice and one left out, right length', ['a', 'a', 'c', 'd'], 'orderEveryItem', 0],
    ['an item that is not there', ['a', 'b', 'c', 'x'], 'noSuchOption', 0],
    ['one more item', ['a', 'b', 'c', 'd', 'a'], 'orderEveryItem', 0],
    ['no items', [], 'orderEveryItem', 0],
    ['a text', 'abcd', 'sendOrder', 0],
    ['a number', 1234, 'sendOrder', 0],
    ['pairs', { a: 'b' }, 'sendOrder', 0],
  ]);
});

describe('ordering, by absolute position', () => {
  table(ordering('position'), [
    ['the right order', order, null, 1],
    ['two swapped', ['b', 'a', 'c', 'd'], null, 0.5],
    ['the middle two swapped', ['a', 'c', 'b', 'd'], null, 0.5],
    ['reversed', ['d', 'c', 'b', 'a'], null, 0],
    ['turned by one', ['b', 'c', 'd', 'a'], null, 0],
    ['only the first in place', ['a', 'c', 'd', 'b'], null, 0.25],
    ['only the last in place', ['c', 'a', 'b', 'd'], null, 0.25],
    ['first and last swapped', ['d', 'b', 'c', 'a'], null, 0.5],
    ['no answer', null, null, 0],
    ['an item left out', ['a', 'b', 'c'], 'orderEveryItem', 0],
    ['an item twice', ['a', 'b', 'b', 'd'], 'orderEveryItem', 0],
    ['an item that is not there', ['a', 'b', 'c', 'x'], 'noSuchOption', 0],
    ['ids in capitals', ['A', 'B', 'C', 'D'], 'noSuchOption', 0],
    ['a text', 'a', 'sendOrder', 0],
    ['a number', 0, 'sendOrder', 0],
  ]);
});

describe('ordering, relative to the next item', () => {
  table(ordering('next'), [
    ['the right order', order, null, 1],
    // a→b broken, b→c kept… each of the three links earns a third.
    ['the first two swapped', ['b', 'a', 'c', 'd'], null, 1 / 3],
    ['turned by one: two links kept', ['b', 'c', 'd', 'a'], null, 2 / 3],
    ['reversed: no link kept', ['d', 'c', 'b', 'a'], null, 0],
    ['two halves swapped', ['c', 'd', 'a', 'b'], null, 2 / 3],
    ['the middle two swapped', ['a', 'c', 'b', 'd'], null, 0],
    ['the last item first', ['d', 'a', 'b', 'c'], null, 2 / 3],
    ['the last two swapped', ['a', 'b', 'd', 'c'], null, 1 / 3],
    ['no answer', null, null, 0],
    ['an item left out', ['a', 'b', 'c'], 'orderEveryItem', 0],
    ['an item twice', ['a', 'a', 'b', 'c'], 'orderEveryItem', 0],
    ['an item that is not there', ['x', 'b', 'c', 'd'], 'noSuchOption', 0],
    ['a text', 'd', 'sendOrder', 0],
    ['a number', 4, 'sendOrder', 0],
    ['pairs', { 1: 'a' }, 'sendOrder', 0],
  ]);

  it('gives every marking full credit for the right order and reads as a numbered list', () => {
    for (const marking of ['all', 'position', 'next'] as const) expect(orderCredit(order, order, marking)).toBe(1);
    const shown = { options: options.map((o) => ({ id: o.id, text: o.id.toUpperCase() })) };
    expect(readableAnswer(ordering('next'), shown, ['b', 'a', 'c', 'd'])).toBe('1. B; 2. A; 3. C; 4. D');
    expect(unitOf(ordering('all')).correctAnswer(ordering('all'), 'en')).toEqual(order);
  });
});
