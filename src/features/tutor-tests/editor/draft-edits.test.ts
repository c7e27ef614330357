import { describe, expect, it } from 'vitest';
import type { TestDraft } from '../../../../contract/tutor-tests.ts';
import { freeKey, moved, newBlock, newQuestion, retyped, updateQuestion } from './draft-edits.ts';

const draft = (): TestDraft => ({
  title: { en: 'T' },
  description: {},
  subject: null,
  specialization: null,
  duration_seconds: 600,
  languages: ['en'],
  blocks: [{ id: 'b1', title: {}, questions: [newQuestionIn('q1'), newQuestionIn('q2')] }],
});

function newQuestionIn(id: string) {
  return { id, type: 'single' as const, points: 1, text: { en: id }, options: [], correct_option: null };
}

describe('draft edits', () => {
  it('makes keys not used anywhere in the test', () => {
    expect(freeKey('q', ['q1', 'q3'])).toBe('q2');
    expect(newQuestion(draft(), 'text').id).toBe('q3');
    expect(newBlock(draft()).id).toBe('b2');
  });

  it('moves an item to another place and keeps the rest in order', () => {
    expect(moved(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });

  it('switching a question’s type keeps what it had and adds what the new type needs', () => {
    const d = draft();
    const single = { ...newQuestionIn('q1'), options: [{ id: 'a', text: { en: 'A' } }], correct_option: 'a' };
    const multiple = retyped(d, single, 'multiple');
    expect(multiple).toMatchObject({ type: 'multiple', options: single.options, correct_options: [] });
    expect(retyped(d, multiple, 'single')).toMatchObject({ type: 'single', correct_option: 'a' });
    expect(retyped(d, single, 'number')).toMatchObject({ type: 'number', correct_number: null, tolerance: 0 });
  });

  it('changes one question and leaves the draft it came from as it was', () => {
    const d = draft();
    const next = updateQuestion(d, 0, 1, (q) => ({ ...q, points: 5 }));
    expect(next.blocks[0]?.questions[1]?.points).toBe(5);
    expect(d.blocks[0]?.questions[1]?.points).toBe(1);
    expect(next.blocks[0]?.questions[0]).toBe(d.blocks[0]?.questions[0]);
  });
});
