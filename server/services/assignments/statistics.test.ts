import { describe, expect, it } from 'vitest';
import type { AnswerValue } from '../../../contract/online.ts';
import { creditOf, partCreditsOf, pickedOf } from '../../../contract/question-types/registry.ts';
import { type AnalysedAttempt, type AnalysedQuestion, questionStatistics } from './statistics.ts';

const questions: AnalysedQuestion[] = [
  // q1 picks one option, as a single choice does.
  { id: 'q1', points: 1, options: ['a', 'b', 'c'], picked: (value) => (typeof value === 'string' ? [value] : []) },
  { id: 'q2', points: 2 },
  { id: 'q3', points: 1 },
];

/** An attempt asked every question, from its answers: [question, value given, score]. */
function attempt(...answers: [string, AnswerValue, number][]): AnalysedAttempt {
  return {
    scores: new Map([
      ...questions.map((q) => [q.id, 0] as const),
      ...answers.map(([q, , score]) => [q, score] as const),
    ]),
    given: new Map(answers.map(([q, value]) => [q, value])),
  };
}

/** An attempt asked only some questions (drawn from a pool): [question, value given or null, score]. */
function drawnAttempt(...asked: [string, AnswerValue | null, number][]): AnalysedAttempt {
  return {
    scores: new Map(asked.map(([q, , score]) => [q, score])),
    given: new Map(asked.map(([q, value]) => [q, value])),
  };
}

describe('question analysis', () => {
  it('computes facility, discrimination and option picks as worked out by hand', () => {
    // Totals 3, 1, 2, 0; groups of ⌈27 % of 4⌉ = 2: upper {A1, A3}, lower {A4, A2}.
    const stats = questionStatistics(questions, [
      attempt(['q1', 'a', 1], ['q2', 5, 2]),
      attempt(['q1', 'a', 1], ['q2', 7, 0]),
      attempt(['q1', 'b', 0], ['q2', 5, 2]),
      attempt(['q1', 'c', 0]),
    ]);
    expect(stats).toEqual([
      // Nobody answered q3: facility 0, and it tells the groups apart by nothing.
      { id: 'q3', attempts: 4, answered: 0, mean_score: 0, facility: 0, discrimination: 0 },
      {
        id: 'q1',
        attempts: 4,
        answered: 4,
        mean_score: 0.5,
        facility: 0.5,
        // Upper (1 + 0) / 2 − lower (0 + 1) / 2.
        discrimination: 0,
        options: [
          { id: 'a', picked: 2 },
          { id: 'b', picked: 1 },
          { id: 'c', picked: 1 },
        ],
      },
      // Upper (2 + 2) / 4 − lower (0 + 0) / 4.
      { id: 'q2', attempts: 4, answered: 3, mean_score: 1, facility: 0.5, discrimination: 1 },
    ]);
  });

  it('puts every attempt tied with a group’s last total in that group', () => {
    // Five attempts: groups of ⌈1.35⌉ = 2. Totals 4, 3, 3, 1, 0: the upper group is 4, 3 and 3.
    const stats = questionStatistics(
      [{ id: 'q1', points: 4 }],
      [
        attempt(['q1', 1, 4]),
        attempt(['q1', 1, 3]),
        attempt(['q1', 1, 3]),
        attempt(['q1', 1, 1]),
        attempt(['q1', 1, 0]),
      ],
    );
    // Upper (4 + 3 + 3) / (3 × 4) − lower (1 + 0) / (2 × 4) = 10/12 − 1/8.
    expect(stats[0]?.discrimination).toBeCloseTo(10 / 12 - 1 / 8, 12);
    expect(stats[0]?.facility).toBeCloseTo(11 / 20, 12);
  });

  it('says nothing of discrimination for one taker, or when every total is the same', () => {
    const one = questionStatistics(questions, [attempt(['q1', 'a', 1], ['q2', 1, 1])]);
    expect(one.map((s) => [s.id, s.facility, s.discrimination])).toEqual([
      ['q3', 0, null],
      ['q2', 0.5, null],
      ['q1', 1, null],
    ]);
    const same = questionStatistics(questions, [
      attempt(['q1', 'a', 1]),
      attempt(['q2', 3, 1]),
      attempt(['q3', 'x', 1]),
    ]);
    expect(same.every((s) => s.discrimination === null)).toBe(true);
    expect(questionStatistics(questions, []).map((s) => [s.facility, s.discrimination])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
  });

  it('counts each option of a multiple choice once per attempt that picked it', () => {
    const stats = questionStatistics(
      [{ id: 'm', points: 2, options: ['x', 'y', 'z'], picked: (value) => (Array.isArray(value) ? value : []) }],
      [attempt(['m', ['x', 'y'], 2]), attempt(['m', ['y'], 0])],
    );
    expect(stats[0]?.options).toEqual([
      { id: 'x', picked: 1 },
      { id: 'y', picked: 2 },
      { id: 'z', picked: 0 },
    ]);
  });

  it('counts, for each question, only the attempts that drew it, and ranks attempts by their share', () => {
    // A pool of q1, q2, q3, one question each: A1 and A2 drew q1, A3 drew q2, A4 drew q3.
    const stats = questionStatistics(questions, [
      drawnAttempt(['q1', 'a', 1]),
      drawnAttempt(['q1', 'b', 0]),
      drawnAttempt(['q2', 5, 2]),
      drawnAttempt(['q3', null, 0]),
    ]);
    const byId = new Map(stats.map((s) => [s.id, s]));
    expect(byId.get('q1')).toMatchObject({ attempts: 2, answered: 2, facility: 0.5 });
    expect(byId.get('q1')?.options).toEqual([
      { id: 'a', picked: 1 },
      { id: 'b', picked: 1 },
      { id: 'c', picked: 0 },
    ]);
    // Full marks on a 2-point question rank with full marks on a 1-point one: both 100 %.
    expect(byId.get('q2')).toMatchObject({ attempts: 1, answered: 1, facility: 1 });
    expect(byId.get('q3')).toMatchObject({ attempts: 1, answered: 0, facility: 0 });
    // Upper {A1, A3} and lower {A2, A4} (shares 1, 0, 1, 0): q1 is in both, 1 − 0.
    expect(byId.get('q1')?.discrimination).toBe(1);
    // q2 was drawn by nobody in the lower group: nothing to compare.
    expect(byId.get('q2')?.discrimination).toBeNull();
  });

  it('gives each part of a question marked part by part its facility, through the type’s own marking', () => {
    const matching = {
      id: 'm1',
      type: 'matching' as const,
      points: 2,
      text: { en: 'Match' },
      prompts: [
        { id: 'p1', text: { en: 'One' } },
        { id: 'p2', text: { en: 'Two' } },
      ],
      options: [
        { id: 'a', text: { en: '1' } },
        { id: 'b', text: { en: '2' } },
      ],
      correct: { p1: 'a', p2: 'b' },
    };
    const analysed: AnalysedQuestion = {
      id: 'm1',
      points: 2,
      options: ['a', 'b'],
      picked: (value) => pickedOf(matching, value),
      parts: { ids: ['p1', 'p2'], credits: (value) => partCreditsOf(matching, value) ?? {} },
    };
    // Both right; only p1 right; nothing; a value it cannot take (counted as nothing right).
    const given: (AnswerValue | null)[] = [{ p1: 'a', p2: 'b' }, { p1: 'a', p2: 'a' }, null, { p9: 'a' }];
    const stats = questionStatistics(
      [analysed],
      given.map((value) => drawnAttempt(['m1', value, value === null ? 0 : 2 * creditOf(matching, value)])),
    );
    expect(stats[0]?.facility).toBe(0.375);
    expect(stats[0]?.parts).toEqual([
      { id: 'p1', facility: 0.5 },
      { id: 'p2', facility: 0.25 },
    ]);
    expect(stats[0]?.options).toEqual([
      { id: 'a', picked: 2 },
      { id: 'b', picked: 1 },
    ]);
  });
});
