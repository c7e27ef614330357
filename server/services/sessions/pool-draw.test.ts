import { describe, expect, it } from 'vitest';
import type { Block, Question } from '../../../contract/content.ts';
import { poolProblem, poolShares } from '../../../contract/pools.ts';
import { asDrawn, type LessonVersion } from '../catalog/lesson-versions.ts';
import { drawQuestions } from './pool-draw.ts';

const question = (id: string, points = 1): Question => ({
  id,
  type: 'number',
  points,
  text: { en: id },
  correct: 1,
  tolerance: 0,
});
const pool = (size: number, count: number, points: (i: number) => number = () => 1, byPoints = false): Block => ({
  id: 'pool',
  title: { en: 'Pool' },
  questions: Array.from({ length: size }, (_, i) => question(`q${i}`, points(i))),
  draw: { count, by_points: byPoints },
});
const fixed: Block = { id: 'fixed', title: { en: 'Fixed' }, questions: [question('f1'), question('f2', 3)] };

/** Seeds as sessions have them: distinct ids, here made reproducibly so a failure can be rerun. */
const seeds = (n: number) =>
  Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

describe('a pool draw', () => {
  it('is the same for the same attempt and keeps the written order, with every fixed question', () => {
    const blocks = [fixed, pool(30, 10)];
    const [seed] = seeds(1);
    const once = drawQuestions(blocks, seed as string);
    expect(drawQuestions(blocks, seed as string)).toEqual(once);
    expect(once?.slice(0, 2)).toEqual(['f1', 'f2']);
    const drawn = (once ?? []).slice(2);
    expect(drawn).toHaveLength(10);
    expect(new Set(drawn).size).toBe(10);
    expect(drawn).toEqual([...drawn].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))));
  });

  it('is nothing at all for a lesson without pools', () => {
    expect(drawQuestions([fixed], 'any')).toBeNull();
  });

  it('differs between attempts and draws every question about equally often (chi-square over 2,000 attempts)', () => {
    const blocks = [pool(30, 10)];
    const counts = new Map<string, number>();
    const draws = new Set<string>();
    for (const seed of seeds(2000)) {
      const drawn = drawQuestions(blocks, seed) ?? [];
      draws.add(drawn.join(','));
      for (const id of drawn) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    // 30 choose 10 is about 30 million: 2,000 attempts sharing a draw would mean a broken generator.
    expect(draws.size).toBeGreaterThan(1990);
    const expected = (2000 * 10) / 30;
    const chiSquare = [...Array(30).keys()].reduce(
      (sum, i) => sum + ((counts.get(`q${i}`) ?? 0) - expected) ** 2 / expected,
      0,
    );
    // 29 degrees of freedom: above 58.3 happens by chance once in 1,000 fair runs (and these seeds are fixed).
    expect(chiSquare).toBeLessThan(58.3);
    // And not suspiciously even either: below 14.3 happens once in 100 fair runs.
    expect(chiSquare).toBeGreaterThan(14.3);
  });

  it('by points takes each value’s share, so every draw is worth the same', () => {
    // 20 questions of 1 point and 10 of 2: drawing 9 takes 6 and 3, worth 12 every time.
    const block = pool(30, 9, (i) => (i < 20 ? 1 : 2), true);
    expect(poolShares(block)).toEqual([
      { points: 1, of: 20, take: 6 },
      { points: 2, of: 10, take: 3 },
    ]);
    const worths = new Set<number>();
    const twoPointCounts = new Map<string, number>();
    for (const seed of seeds(600)) {
      const drawn = drawQuestions([block], seed) ?? [];
      worths.add(drawn.reduce((sum, id) => sum + (Number(id.slice(1)) < 20 ? 1 : 2), 0));
      for (const id of drawn) if (Number(id.slice(1)) >= 20) twoPointCounts.set(id, (twoPointCounts.get(id) ?? 0) + 1);
    }
    expect([...worths]).toEqual([12]);
    expect(twoPointCounts.size).toBe(10);
  });

  it('says when a rule cannot draw what it says', () => {
    expect(poolProblem(pool(5, 6))).toEqual({ kind: 'tooMany', count: 6, questions: 5 });
    expect(poolProblem(pool(30, 10, (i) => (i < 20 ? 1 : 2), true))).toMatchObject({ kind: 'notWhole', points: 1 });
    expect(poolProblem(pool(30, 10, (i) => (i < 20 ? 1 : 2)))).toBeNull();
  });

  it('gives an attempt its own questions and maximum, and leaves out a drawn question a newer version dropped', () => {
    const block = pool(4, 2, (i) => i + 1);
    const version: LessonVersion = {
      id: 7,
      blocks: [block],
      blockById: new Map([[block.id, block]]),
      questionById: new Map(block.questions.map((q) => [q.id, q])),
      maxScore: 7,
    };
    const own = asDrawn(version, JSON.stringify(['q1', 'q3']));
    expect(own.blocks[0]?.questions.map((q) => q.id)).toEqual(['q1', 'q3']);
    expect([...own.questionById.keys()]).toEqual(['q1', 'q3']);
    expect(own.maxScore).toBe(2 + 4);
    expect(asDrawn(version, JSON.stringify(['q1', 'gone'])).maxScore).toBe(2);
    expect(asDrawn(version, null)).toBe(version);
  });
});
