/**
 * What a pool asks of each attempt. A block without a draw rule asks every question. With one it asks
 * `count` of them; by points, each points value gives count × (its questions ÷ all the block's), which
 * must be a whole number for every value, so that every draw is worth the same. Read by the lesson
 * file's check, the editor's checklist and the server's draw alike.
 */
import type { DrawRule } from './content.ts';

/** How many questions of one points value a draw takes, of how many there are. */
export interface PoolShare {
  points: number;
  take: number;
  of: number;
}

/** What a draw rule cannot do with its block's questions; null when it can. */
export type PoolProblem =
  | { kind: 'tooMany'; count: number; questions: number }
  | { kind: 'notWhole'; points: number; share: number };

interface Pooled {
  questions: readonly { points: number }[];
  draw?: DrawRule | null | undefined;
}

/** The block's questions grouped by points, in the order each value first appears. */
function pointGroups(questions: readonly { points: number }[]): Map<number, number> {
  const groups = new Map<number, number>();
  for (const q of questions) groups.set(q.points, (groups.get(q.points) ?? 0) + 1);
  return groups;
}

export function poolProblem(block: Pooled): PoolProblem | null {
  const { draw, questions } = block;
  if (!draw) return null;
  if (draw.count > questions.length) return { kind: 'tooMany', count: draw.count, questions: questions.length };
  if (!draw.by_points) return null;
  for (const [points, of] of pointGroups(questions)) {
    const share = (draw.count * of) / questions.length;
    if (Math.abs(share - Math.round(share)) > 1e-9) return { kind: 'notWhole', points, share };
  }
  return null;
}

/** Each points value's share of a draw by points (empty for a draw that is not by points, or none). */
export function poolShares(block: Pooled): PoolShare[] {
  const { draw, questions } = block;
  if (!draw?.by_points || poolProblem(block)) return [];
  return [...pointGroups(questions)].map(([points, of]) => ({
    points,
    of,
    take: Math.round((draw.count * of) / questions.length),
  }));
}

/** How many of the block's questions each attempt is asked. */
export function askedCount(block: Pooled): number {
  return block.draw ? Math.min(block.draw.count, block.questions.length) : block.questions.length;
}

/** The most one attempt's questions of the block can be worth (exact when every draw is worth the same). */
export function askedMaxPoints(block: Pooled): number {
  const all = block.questions.map((q) => q.points);
  if (!block.draw) return all.reduce((sum, p) => sum + p, 0);
  const shares = poolShares(block);
  if (shares.length > 0) return shares.reduce((sum, s) => sum + s.points * s.take, 0);
  return all
    .sort((a, b) => b - a)
    .slice(0, askedCount(block))
    .reduce((sum, p) => sum + p, 0);
}

/** What one attempt of a lesson is asked: how many questions, and the most they can be worth. */
export function lessonAsked(blocks: readonly Pooled[]): { questions: number; maxScore: number } {
  return {
    questions: blocks.reduce((sum, b) => sum + askedCount(b), 0),
    maxScore: blocks.reduce((sum, b) => sum + askedMaxPoints(b), 0),
  };
}
