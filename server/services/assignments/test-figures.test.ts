import { describe, expect, it } from 'vitest';
import { cronbachAlpha, type PositionScores, testFigures } from './test-figures.ts';

/** 30 takers × 10 questions of one point each, right (1) or wrong (0). */
const TABLE = `
1111010011 0110111110 1111110110 1110000000 0111111010 1111010000 1001001000 1111101001 1110000111 1000100000
0000100001 1111110010 0000000000 0110100100 1011111100 1100000001 0110000000 0000100010 1110010000 1111111110
1111110000 1111111111 0110010000 1111101110 1111110110 1000100000 0110100110 1111111111 1111111111 1111111110`
  .trim()
  .split(/\s+/)
  .map((row) => [...row].map(Number));

const oneEach = (scores: number[], maxes = scores.map(() => 1)): PositionScores => ({ scores, maxes });

describe('test figures', () => {
  it('gives alpha, KR-20 and the standard error worked out by hand for 30 takers × 10 questions', () => {
    // By hand: right per question 21, 23, 23, 16, 20, 16, 11, 13, 15, 8, so Σ p·q = 199/90.
    // Totals sum to 166 and their squares to 1158: mean 166/30 = 83/15, population variance
    // 1158/30 − (83/15)² = 3592/450, sample variance 3592/435.
    // KR-20 = 10/9 · (1 − (199/90) / (3592/450)) = 10/9 · 2597/3592 = 12985/16164 ≈ 0.80333.
    // SEM = √(3592/435) · √(1 − 12985/16164) = √(3592/435 · 3179/16164) ≈ 1.27437 points.
    const figures = testFigures(
      TABLE.map((row) => oneEach(row)),
      10,
    );
    expect(figures.attempts).toBe(30);
    expect(figures.mean).toBeCloseTo(83 / 15, 10);
    // Sorted totals' 15th and 16th are both 6.
    expect(figures.median).toBe(6);
    expect(figures.sd).toBeCloseTo(Math.sqrt(3592 / 435), 10);
    expect(figures.kr20).toBeCloseTo(12985 / 16164, 10);
    // One-point questions: alpha over the points is KR-20 itself.
    expect(figures.alpha).toBeCloseTo(12985 / 16164, 10);
    expect(figures.sem).toBeCloseTo(Math.sqrt((3592 / 435) * (3179 / 16164)), 10);
    expect(figures.sem).toBeCloseTo(1.27437, 5);
  });

  it('gives alpha and no KR-20 where a question earns part of its points', () => {
    // Totals 4, 3, 1, 0: mean 2, V(T) = (4 + 1 + 1 + 4) / 3 = 10/3. Items: V = 1/3, 2/3, 1/3.
    // α = 3/2 · (1 − (4/3) / (10/3)) = 0.9; SEM = √(10/3) · √0.1 = √(1/3).
    const maxes = [1, 2, 1];
    const figures = testFigures(
      [
        [1, 2, 1],
        [1, 1, 1],
        [0, 1, 0],
        [0, 0, 0],
      ].map((scores) => ({ scores, maxes })),
      3,
    );
    expect(figures.alpha).toBeCloseTo(0.9, 10);
    expect(figures.kr20).toBeNull();
    expect(figures.sem).toBeCloseTo(Math.sqrt(1 / 3), 10);
    expect(figures.median).toBe(2);
  });

  it('counts right or wrong by each question’s own maximum for KR-20', () => {
    // Points: totals 4, 3, 1, 0 (V = 10/3), items 1/3, 4/3, 1/3: α = 3/2 · (1 − 2 / (10/3)) = 0.6.
    // Right/wrong: totals 3, 2, 1, 0 (V = 5/3), items 1/3 each: KR-20 = 3/2 · (1 − 1 / (5/3)) = 0.6.
    const maxes = [1, 2, 1];
    const rows = [
      [1, 2, 1],
      [1, 2, 0],
      [0, 0, 1],
      [0, 0, 0],
    ];
    const figures = testFigures(
      rows.map((scores) => ({ scores, maxes })),
      3,
    );
    expect(figures.alpha).toBeCloseTo(0.6, 10);
    expect(figures.kr20).toBeCloseTo(0.6, 10);
    // A second table, worked the same way.
    const other = testFigures(
      [
        [1, 2, 0],
        [1, 0, 1],
        [0, 2, 1],
        [0, 0, 0],
      ].map((scores) => ({ scores, maxes })),
      3,
    );
    // Points: totals 3, 2, 3, 0 (mean 2, V = 6/3 = 2); items 1/3, 4/3, 1/3: α = 3/2 · (1 − 2/2) = 0.
    // Right/wrong: totals 2, 2, 2, 0 (V = 1); items 1/3 each: KR-20 = 3/2 · (1 − 1) = 0.
    expect(other.alpha).toBeCloseTo(0, 10);
    expect(other.kr20).toBeCloseTo(0, 10);
  });

  it('says nothing where alpha is not defined, and leaves out attempts not scored at every position', () => {
    expect(cronbachAlpha([[1, 0]])).toBeNull();
    expect(cronbachAlpha([[1], [0]])).toBeNull();
    // Every total the same: no spread to explain.
    expect(
      cronbachAlpha([
        [1, 0],
        [0, 1],
      ]),
    ).toBeNull();
    const figures = testFigures([oneEach([1, 1]), oneEach([0, 0]), oneEach([1])], 2);
    expect(figures.attempts).toBe(2);
    expect(figures.mean).toBe(1);
    expect(testFigures([], 3)).toEqual({
      attempts: 0,
      positions: 3,
      mean: null,
      median: null,
      sd: null,
      alpha: null,
      kr20: null,
      sem: null,
    });
  });
});
