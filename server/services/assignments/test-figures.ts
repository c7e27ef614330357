/**
 * Figures of a test as a whole, as Moodle's quiz statistics report defines them (docs/statistics.md):
 *
 * - mean, median and standard deviation of the attempts' totals (points); the deviation is the
 *   sample's (divided by n − 1), as Moodle's;
 * - Cronbach's alpha, Moodle's "coefficient of internal consistency":
 *   α = P / (P − 1) · (1 − Σ V(x_p) / V(T)), P positions, x_p the score at position p, T the total;
 * - KR-20, alpha's special case for questions scored right or wrong: with every score 0 or the
 *   question's maximum it is alpha over right (1) / wrong (0), so a test of one-point questions has
 *   KR-20 equal to alpha; otherwise null;
 * - the standard error of measurement: SD · √(1 − α) (Moodle's error ratio times the deviation).
 *
 * A position is the k-th question a block asks (its k-th drawn question where it draws from a pool),
 * as Moodle counts a random question by its slot: takers who drew different questions still answered
 * the same number at each place. Only attempts scored at every position count (an essay awaiting
 * its mark leaves its attempt out until marked). Alpha needs two attempts, two positions and totals
 * that differ; without them it and the standard error are null.
 */

/** One attempt: the score and the most it could score at each position, in the positions' order. */
export interface PositionScores {
  scores: readonly number[];
  maxes: readonly number[];
}

export interface TestFigures {
  attempts: number;
  positions: number;
  mean: number | null;
  median: number | null;
  sd: number | null;
  alpha: number | null;
  kr20: number | null;
  sem: number | null;
}

const sum = (values: readonly number[]) => values.reduce((total, v) => total + v, 0);

/** The sample variance (divided by n − 1); null below two values. */
export function sampleVariance(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = sum(values) / values.length;
  return sum(values.map((v) => (v - mean) ** 2)) / (values.length - 1);
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Alpha over a table of attempts × positions; null where it is not defined. */
export function cronbachAlpha(table: readonly (readonly number[])[]): number | null {
  const positions = table[0]?.length ?? 0;
  if (table.length < 2 || positions < 2) return null;
  const totalVariance = sampleVariance(table.map(sum)) as number;
  if (totalVariance === 0) return null;
  let itemVariance = 0;
  for (let p = 0; p < positions; p++) itemVariance += sampleVariance(table.map((row) => row[p] as number)) as number;
  return (positions / (positions - 1)) * (1 - itemVariance / totalVariance);
}

export function testFigures(attempts: readonly PositionScores[], positions: number): TestFigures {
  const counted = attempts.filter((a) => a.scores.length === positions && positions > 0);
  const totals = counted.map((a) => sum(a.scores));
  const variance = sampleVariance(totals);
  const sd = variance === null ? null : Math.sqrt(variance);
  const alpha = cronbachAlpha(counted.map((a) => a.scores));
  const rightOrWrong = counted.every((a) => a.scores.every((score, p) => score === 0 || score === a.maxes[p]));
  const kr20 =
    rightOrWrong && alpha !== null
      ? cronbachAlpha(counted.map((a) => a.scores.map((score) => (score === 0 ? 0 : 1))))
      : null;
  return {
    attempts: counted.length,
    positions,
    mean: totals.length ? sum(totals) / totals.length : null,
    median: median(totals),
    sd,
    alpha,
    kr20,
    sem: alpha === null || sd === null ? null : sd * Math.sqrt(Math.max(0, 1 - alpha)),
  };
}
