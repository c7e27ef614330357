import { describe, expect, it } from 'vitest';
import type { AnswerValue } from '../../../contract/online.ts';
import { discriminationFlag, distractorShares } from './distractors.ts';
import type { AnalysedAttempt, AnalysedQuestion } from './statistics.ts';

const single = (id: string, options: string[]): AnalysedQuestion => ({
  id,
  points: 1,
  options,
  picked: (value) => (typeof value === 'string' ? [value] : []),
});

const attempt = (answers: Record<string, [AnswerValue | null, number]>): AnalysedAttempt => ({
  scores: new Map(Object.entries(answers).map(([q, [, score]]) => [q, score])),
  given: new Map(Object.entries(answers).map(([q, [value]]) => [q, value])),
});

describe('distractor analysis', () => {
  it('gives each option’s share among the upper and the lower 27 %, worked out by hand', () => {
    const questions = [single('q1', ['a', 'b', 'c']), { id: 'q2', points: 3 }];
    // Totals (share of 4 points): 1, 0.75, 0.5, 0.5, 0.25, 0. Groups of ⌈27 % of 6⌉ = 2:
    // upper {A1, A2}, lower {A6, A5}.
    const shares = distractorShares(questions, [
      attempt({ q1: ['a', 1], q2: [3, 3] }),
      attempt({ q1: ['c', 0], q2: [3, 3] }),
      attempt({ q1: ['a', 1], q2: [1, 1] }),
      attempt({ q1: ['b', 0], q2: [2, 2] }),
      attempt({ q1: ['a', 1], q2: [0, 0] }),
      attempt({ q1: [null, 0], q2: [null, 0] }),
    ]);
    expect(shares.get('q1')).toEqual([
      // a: A1 in the upper (1 of 2), A5 in the lower (1 of 2).
      { id: 'a', upper: 0.5, lower: 0.5 },
      { id: 'b', upper: 0, lower: 0 },
      // c, a distractor the strong picked: A2.
      { id: 'c', upper: 0.5, lower: 0 },
    ]);
    // Not a choice question: nothing to analyse.
    expect(shares.has('q2')).toBe(false);
  });

  it('counts in each group only those asked the question (drawn from a pool)', () => {
    const questions = [single('q1', ['a', 'b']), { id: 'q2', points: 1 }];
    const shares = distractorShares(questions, [
      attempt({ q1: ['a', 1], q2: [1, 1] }),
      attempt({ q2: [1, 1] }),
      attempt({ q2: [0, 0] }),
      attempt({ q1: ['b', 0], q2: [0, 0] }),
    ]);
    // Upper {A1, A2}, of whom only A1 drew q1; lower {A3, A4}, only A4.
    expect(shares.get('q1')).toEqual([
      { id: 'a', upper: 1, lower: 0 },
      { id: 'b', upper: 0, lower: 1 },
    ]);
  });

  it('says nothing when the groups are not apart', () => {
    const questions = [single('q1', ['a', 'b'])];
    const shares = distractorShares(questions, [attempt({ q1: ['a', 1] }), attempt({ q1: ['a', 1] })]);
    expect(shares.get('q1')).toEqual([
      { id: 'a', upper: null, lower: null },
      { id: 'b', upper: null, lower: null },
    ]);
  });

  it('flags negative and near-zero discrimination', () => {
    expect(discriminationFlag(-0.25)).toBe('negative');
    expect(discriminationFlag(-0.01)).toBe('negative');
    expect(discriminationFlag(0)).toBe('near_zero');
    expect(discriminationFlag(0.09)).toBe('near_zero');
    expect(discriminationFlag(0.1)).toBeNull();
    expect(discriminationFlag(0.6)).toBeNull();
    expect(discriminationFlag(null)).toBeNull();
  });
});
