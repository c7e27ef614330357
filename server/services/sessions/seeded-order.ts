/**
 * An attempt's own order of questions and options: drawn from a seed (the session's id and the
 * block's or question's id), so it is the same after every reload, offline or not, and on any device,
 * and different from another attempt's. Scoring reads answers by id, so an order changes no score.
 */
import { createHash } from 'node:crypto';

/** A small, fast generator (mulberry32) started from the first 32 bits of the seed's SHA-256. */
function generator(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The items in the order `seed` draws (Fisher–Yates); the list itself is left as it is. */
export function seededOrder<T>(items: readonly T[], seed: string): T[] {
  const out = [...items];
  const next = generator(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
