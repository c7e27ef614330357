/**
 * The distractor analysis: for each option of a choice question, the share of the upper and of the
 * lower 27 % (statistics.ts's groups, counting only those of them asked the question) who picked it.
 * A right option should draw more of the upper group; a wrong one (a distractor) more of the lower;
 * a distractor the strong pick more than the weak, or that nobody picks, points at a flawed question.
 * With no separated groups (under two attempts, or all totals equal) the shares are null.
 *
 * And the flag on a question's discrimination index: negative (the weak did better on it) or near
 * zero (from 0 to below 0.1: it does not tell strong from weak), Ebel's lowest band.
 */
import { type AnalysedAttempt, type AnalysedQuestion, rankGroups } from './statistics.ts';

export interface OptionShares {
  id: string;
  upper: number | null;
  lower: number | null;
}

export const NEAR_ZERO_DISCRIMINATION = 0.1;

export function discriminationFlag(discrimination: number | null): 'negative' | 'near_zero' | null {
  if (discrimination === null) return null;
  if (discrimination < 0) return 'negative';
  return discrimination < NEAR_ZERO_DISCRIMINATION ? 'near_zero' : null;
}

/** Each choice question's options with their shares in the two groups, by question id. */
export function distractorShares(
  questions: readonly AnalysedQuestion[],
  attempts: readonly AnalysedAttempt[],
): Map<string, OptionShares[]> {
  const { upper, lower, separated } = rankGroups(questions, attempts);
  const shares = new Map<string, OptionShares[]>();
  for (const q of questions) {
    const { options, picked } = q;
    if (!options || !picked) continue;
    const asked = (indexes: number[]) => indexes.filter((i) => attempts[i]?.scores.has(q.id));
    const shareOf = (indexes: number[]) => {
      const count = new Map<string, number>();
      for (const i of indexes)
        for (const id of new Set(picked(attempts[i]?.given.get(q.id) ?? null))) count.set(id, (count.get(id) ?? 0) + 1);
      return (id: string) => (separated && indexes.length > 0 ? (count.get(id) ?? 0) / indexes.length : null);
    };
    const inUpper = shareOf(asked(upper));
    const inLower = shareOf(asked(lower));
    shares.set(
      q.id,
      options.map((id) => ({ id, upper: inUpper(id), lower: inLower(id) })),
    );
  }
  return shares;
}
