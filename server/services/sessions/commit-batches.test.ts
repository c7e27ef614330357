import { describe, expect, it } from 'vitest';
import { CommitBatches } from './commit-batches.ts';

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Batches whose commits stay under way until `endOldest` ends the oldest of them. */
function heldCommits(maxInFlight?: number) {
  const written: number[][] = [];
  const open: (() => void)[] = [];
  const batches = new CommitBatches<number>(
    (batch) =>
      new Promise<void>((resolve) => {
        written.push(batch);
        open.push(resolve);
      }),
    maxInFlight,
  );
  return { batches, written, endOldest: () => open.shift()?.() };
}

describe('commit batches', () => {
  it('writes what arrives in one turn together, at most 256 a batch', async () => {
    const written: number[][] = [];
    const batches = new CommitBatches<number>(async (batch) => {
      written.push(batch);
    });
    for (let i = 0; i < 300; i++) batches.push(i);
    for (let i = 0; i < 4; i++) await turn();
    expect(written.map((b) => b.length)).toEqual([256, 44]);
    expect(written.flat()).toEqual(Array.from({ length: 300 }, (_, i) => i));
  });

  it('keeps two commits under way at most; what arrives meanwhile joins the next one', async () => {
    const { batches, written, endOldest } = heldCommits();
    batches.push(1);
    await turn();
    batches.push(2);
    await turn();
    for (const item of [3, 4, 5]) {
      batches.push(item);
      await turn();
    }
    expect(written).toEqual([[1], [2]]);
    expect(batches.pending).toBe(3);
    endOldest();
    for (let i = 0; i < 3; i++) await turn();
    expect(written).toEqual([[1], [2], [3, 4, 5]]);
    expect(batches.pending).toBe(0);
  });

  it('with one commit under way at most, everything that arrives during it forms the next batch', async () => {
    const { batches, written, endOldest } = heldCommits(1);
    batches.push(1);
    await turn();
    for (const item of [2, 3, 4]) {
      batches.push(item);
      await turn();
    }
    expect(written).toEqual([[1]]);
    expect(batches.pending).toBe(3);
    endOldest();
    for (let i = 0; i < 3; i++) await turn();
    expect(written).toEqual([[1], [2, 3, 4]]);
    batches.push(5);
    for (let i = 0; i < 3; i++) await turn();
    expect(written).toEqual([[1], [2, 3, 4]]);
    endOldest();
    for (let i = 0; i < 3; i++) await turn();
    expect(written).toEqual([[1], [2, 3, 4], [5]]);
  });
});
