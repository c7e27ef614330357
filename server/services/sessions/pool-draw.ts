/**
 * The questions an attempt is asked from its lesson's pools, drawn once at its start from its own id
 * (as the shuffle is: seeded-order.ts) and kept with the session, so a reload, an offline device and a
 * later re-scoring on a corrected version all see the same draw. Every question of a pool has the
 * same chance: a seeded Fisher–Yates order, of which the draw takes the first N (by points: the first
 * of each points value's own order, as many as its share).
 */
import type { Block } from '../../../contract/content.ts';
import { askedCount, poolShares } from '../../../contract/pools.ts';
import { seededOrder } from './seeded-order.ts';

/** The block's questions the attempt draws, in their written order (a shuffle orders them apart). */
function drawBlock(block: Block, seed: string): string[] {
  if (!block.draw) return block.questions.map((q) => q.id);
  const shares = poolShares(block);
  const taken = new Set(
    shares.length === 0
      ? seededOrder(block.questions, `draw:${seed}:${block.id}`).slice(0, askedCount(block))
      : shares.flatMap((share) =>
          seededOrder(
            block.questions.filter((q) => q.points === share.points),
            `draw:${seed}:${block.id}:${share.points}`,
          ).slice(0, share.take),
        ),
  );
  return block.questions.filter((q) => taken.has(q)).map((q) => q.id);
}

/** The ids of the questions drawn for the attempt `seed`, or null when no block of the lesson is a pool. */
export function drawQuestions(blocks: readonly Block[], seed: string): string[] | null {
  if (!blocks.some((b) => b.draw)) return null;
  return blocks.flatMap((block) => drawBlock(block, seed));
}
