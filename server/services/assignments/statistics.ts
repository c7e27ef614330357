/**
 * Question analysis of an assignment's attempts, as Moodle's quiz statistics report defines it:
 *
 * - facility: the mean score on the question divided by its maximum (0 = nobody got it, 1 = all did);
 *   an unanswered question scores 0, as in Moodle;
 * - discrimination index: the mean facility among the upper 27 % of attempts by total score minus
 *   that among the lower 27 % (from −1 to 1; high when the strong takers get it and the weak do not).
 *   Each group holds ⌈27 % of the attempts⌉, and every attempt tied with the group's last total too,
 *   so ties never split by chance. With fewer than two attempts, or when every attempt lands in both
 *   groups (all totals equal), it says nothing: null;
 * - for choice questions, how many attempts picked each option; for a question marked part by part
 *   (a matching's pairs), each part's facility.
 *
 * A question drawn from a pool counts only the attempts that were asked it (`attempts` says how
 * many), and the groups rank attempts by their share of what they could score, since drawn
 * questions may be worth different amounts.
 *
 * The hardest questions (lowest facility) come first.
 */
import type { AnswerValue } from '../../../contract/online.ts';

export interface AnalysedQuestion {
  id: string;
  points: number;
  /** Questions whose answers pick options: their options' ids, in order. */
  options?: readonly string[];
  /** The options an answer picked (the question's type knows). */
  picked?: (value: AnswerValue | null) => readonly string[];
  /** A question marked part by part: its parts' ids, and the credit an answer earns on each. */
  parts?: { ids: readonly string[]; credits: (value: AnswerValue | null) => Readonly<Record<string, number>> };
}

export interface AnalysedAttempt {
  /** The question's score in this attempt (0 when unanswered); absent when it was not asked it. */
  scores: ReadonlyMap<string, number>;
  given: ReadonlyMap<string, AnswerValue | null>;
}

export interface QuestionStatistics {
  id: string;
  attempts: number;
  answered: number;
  mean_score: number;
  facility: number | null;
  discrimination: number | null;
  /** Choice questions: each option and how many attempts picked it. */
  options?: { id: string; picked: number }[];
  /** Questions marked part by part: each part's facility (its mean credit) over the attempts asked. */
  parts?: { id: string; facility: number | null }[];
}

const GROUP_SHARE = 0.27;

/** The attempts whose total is at least (upper) or at most (lower) the k-th one's, ties included. */
function group(totals: number[], k: number, upper: boolean): number[] {
  const order = totals
    .map((total, index) => ({ total, index }))
    .sort((a, b) => (upper ? b.total - a.total : a.total - b.total));
  const boundary = order[k - 1]?.total ?? 0;
  return order.filter((o) => (upper ? o.total >= boundary : o.total <= boundary)).map((o) => o.index);
}

const scoreOf = (attempt: AnalysedAttempt, id: string) => attempt.scores.get(id) ?? 0;

/** The attempts' upper and lower 27 % by their share of what they could score (indexes into `attempts`). */
export function rankGroups(
  questions: readonly AnalysedQuestion[],
  attempts: readonly AnalysedAttempt[],
): { upper: number[]; lower: number[]; separated: boolean } {
  const totals = attempts.map((a) => {
    const asked = questions.filter((q) => a.scores.has(q.id));
    const most = asked.reduce((sum, q) => sum + q.points, 0);
    return most > 0 ? asked.reduce((sum, q) => sum + scoreOf(a, q.id), 0) / most : 0;
  });
  const k = Math.max(1, Math.ceil(attempts.length * GROUP_SHARE));
  const upper = attempts.length >= 2 ? group(totals, k, true) : [];
  const lower = attempts.length >= 2 ? group(totals, k, false) : [];
  // All totals equal: both groups are every attempt, and their difference would be a made-up 0.
  const separated = upper.length > 0 && !upper.every((i) => lower.includes(i));
  return { upper, lower, separated };
}

export function questionStatistics(
  questions: readonly AnalysedQuestion[],
  attempts: readonly AnalysedAttempt[],
): QuestionStatistics[] {
  const { upper, lower, separated } = rankGroups(questions, attempts);

  const facilityIn = (indexes: number[], q: AnalysedQuestion) =>
    indexes.reduce((sum, i) => sum + scoreOf(attempts[i] as AnalysedAttempt, q.id), 0) / (indexes.length * q.points);

  const stats = questions.map((q): QuestionStatistics => {
    const askedIn = attempts.flatMap((a, i) => (a.scores.has(q.id) ? [i] : []));
    const asked = askedIn.map((i) => attempts[i] as AnalysedAttempt);
    const total = asked.reduce((sum, a) => sum + scoreOf(a, q.id), 0);
    const answered = asked.filter((a) => {
      const value = a.given.get(q.id);
      return value !== undefined && value !== null;
    }).length;
    const mean = asked.length ? total / asked.length : 0;
    const upperAsked = upper.filter((i) => askedIn.includes(i));
    const lowerAsked = lower.filter((i) => askedIn.includes(i));
    const stat: QuestionStatistics = {
      id: q.id,
      attempts: asked.length,
      answered,
      mean_score: mean,
      facility: asked.length && q.points > 0 ? mean / q.points : null,
      discrimination:
        separated && q.points > 0 && upperAsked.length > 0 && lowerAsked.length > 0
          ? facilityIn(upperAsked, q) - facilityIn(lowerAsked, q)
          : null,
    };
    if (q.options && q.picked) {
      const count = new Map<string, number>();
      for (const a of asked)
        for (const id of new Set(q.picked(a.given.get(q.id) ?? null))) count.set(id, (count.get(id) ?? 0) + 1);
      stat.options = q.options.map((id) => ({ id, picked: count.get(id) ?? 0 }));
    }
    if (q.parts) {
      const { ids, credits } = q.parts;
      const sums = new Map<string, number>();
      for (const a of asked) {
        const credit = credits(a.given.get(q.id) ?? null);
        for (const id of ids) sums.set(id, (sums.get(id) ?? 0) + (credit[id] ?? 0));
      }
      stat.parts = ids.map((id) => ({ id, facility: asked.length ? (sums.get(id) ?? 0) / asked.length : null }));
    }
    return stat;
  });
  // Hardest first; a question with no facility (no attempts) last; ties in the test's order.
  return stats
    .map((s, index) => ({ s, index }))
    .sort((a, b) => (a.s.facility ?? 2) - (b.s.facility ?? 2) || a.index - b.index)
    .map(({ s }) => s);
}
