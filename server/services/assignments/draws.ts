/**
 * A pool's draw (issue 39, groundwork: not yet wired to blocks, scoring or the payload): which `count`
 * of a block's questions an attempt gets, drawn from a seed (the session's id and the block's) the way
 * shuffle.ts orders them, so it is the same after every reload, offline or not, and differs between
 * attempts. Every question is equally likely to be drawn. The drawn ones keep their written order;
 * a shuffled assignment orders them afterwards.
 *
 * By points, every draw is worth the same: the questions are grouped by their points and each group
 * gives the same share of the draw, which is only possible where that share is whole for every group
 * (`pointsShares` says null otherwise, for the editor to explain).
 */
import { seededOrder } from './shuffle.ts';

export interface DrawRule {
  /** How many of the block's questions an attempt gets (at least 1, at most all of them). */
  count: number;
  /** Every draw worth the same: as many questions of each points value in every draw. */
  byPoints?: boolean;
}

interface Drawable {
  id: string;
  points: number;
}

/** How many of each points value a draw of `count` takes, or null when no whole share fits every group. */
export function pointsShares(questions: readonly Drawable[], count: number): Map<number, number> | null {
  const groups = new Map<number, number>();
  for (const q of questions) groups.set(q.points, (groups.get(q.points) ?? 0) + 1);
  const shares = new Map<number, number>();
  for (const [points, size] of groups) {
    const share = (count * size) / questions.length;
    if (!Number.isInteger(share)) return null;
    shares.set(points, share);
  }
  return shares;
}

/** The questions an attempt with this seed gets, in their written order. */
export function drawnQuestions<T extends Drawable>(questions: readonly T[], rule: DrawRule, seed: string): T[] {
  if (rule.count >= questions.length) return [...questions];
  const order = seededOrder(questions, `draw:${seed}`);
  let taken: Set<T>;
  const shares = rule.byPoints ? pointsShares(questions, rule.count) : null;
  if (shares) {
    const left = new Map(shares);
    taken = new Set(
      order.filter((q) => {
        const wanted = left.get(q.points) ?? 0;
        if (wanted === 0) return false;
        left.set(q.points, wanted - 1);
        return true;
      }),
    );
  } else taken = new Set(order.slice(0, Math.max(0, rule.count)));
  return questions.filter((q) => taken.has(q));
}
