import { describe, expect, it } from 'vitest';
import { drawnQuestions, pointsShares } from './draws.ts';

const pool = (size: number, points = (_: number) => 1) =>
  Array.from({ length: size }, (_, i) => ({ id: `q${i + 1}`, points: points(i) }));
const ids = (questions: { id: string }[]) => questions.map((q) => q.id);
/** Session ids as the database writes them would do; fixed, so the spread below is the same on every run. */
const sessions = (count: number) =>
  Array.from(
    { length: count },
    (_, i) => `5e1d${i.toString(16).padStart(4, '0')}-0c1a-4c7e-9b2f-7a3d${i.toString(16).padStart(8, '0')}`,
  );

describe('drawing a pool’s questions per attempt', () => {
  it('gives one attempt the same draw every time, in the written order, and other attempts others', () => {
    const questions = pool(30);
    const [first = '', second = ''] = sessions(2);
    const once = ids(drawnQuestions(questions, { count: 10 }, first));
    expect(once).toHaveLength(10);
    expect(ids(drawnQuestions(questions, { count: 10 }, first))).toEqual(once);
    expect([...once].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))).toEqual(once);
    expect(ids(drawnQuestions(questions, { count: 10 }, second))).not.toEqual(once);
    expect(drawnQuestions(questions, { count: 30 }, first)).toEqual(questions);
  });

  it('draws every question about equally often over 2,000 attempts (chi-square, 29 degrees of freedom)', () => {
    const questions = pool(30);
    const counts = new Map<string, number>(questions.map((q) => [q.id, 0]));
    const all = sessions(2000);
    for (const seed of all) {
      for (const q of drawnQuestions(questions, { count: 10 }, seed)) counts.set(q.id, (counts.get(q.id) ?? 0) + 1);
    }
    const expected = (all.length * 10) / questions.length;
    const chiSquare = [...counts.values()].reduce((sum, seen) => sum + (seen - expected) ** 2 / expected, 0);
    // 58.3 is the value a uniform draw exceeds once in a thousand runs at 29 degrees of freedom.
    expect(chiSquare).toBeLessThan(58.3);
    // And no two attempts in five share the same draw.
    const draws = new Set(all.map((seed) => ids(drawnQuestions(questions, { count: 10 }, seed)).join()));
    expect(draws.size).toBeGreaterThan(all.length * 0.8);
  });

  it('by points, makes every draw worth the same, where whole shares allow it', () => {
    // 20 questions of 1 point and 10 of 2: a draw of 9 takes 6 and 3, worth 12 each time.
    const questions = pool(30, (i) => (i < 20 ? 1 : 2));
    expect(pointsShares(questions, 9)).toEqual(
      new Map([
        [1, 6],
        [2, 3],
      ]),
    );
    for (const seed of sessions(200)) {
      const drawn = drawnQuestions(questions, { count: 9, byPoints: true }, seed);
      expect(drawn.reduce((sum, q) => sum + q.points, 0)).toBe(12);
    }
    expect(pointsShares(questions, 10)).toBeNull();
  });
});
