import type { AttemptRow } from '../../../contract/assignments.ts';

export type SortKey = 'name' | 'score' | 'percent' | 'time' | 'late';

const numberOf: Record<Exclude<SortKey, 'name'>, (row: AttemptRow) => number | null> = {
  score: (row) => row.score,
  percent: (row) => row.percent,
  time: (row) => row.time_used_seconds,
  late: (row) => row.late_answers,
};

/**
 * The results table's order: by name in the tutor's language, or by a number; attempts without the
 * number (still running) always last, whichever way; ties by name.
 */
export function sortAttempts(rows: readonly AttemptRow[], key: SortKey, descending: boolean, locale: string) {
  const byName = new Intl.Collator(locale).compare;
  const sign = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    if (key === 'name') return sign * byName(a.name, b.name);
    const x = numberOf[key](a);
    const y = numberOf[key](b);
    if (x === null || y === null) return x === y ? byName(a.name, b.name) : x === null ? 1 : -1;
    return x === y ? byName(a.name, b.name) : sign * (x - y);
  });
}

/**
 * How many attempts each name is on, for the names on more than one (compared as the tutor reads
 * them: case and surrounding spaces aside). Two attempts under one name may be one taker trying
 * again, or two people; takers who were not signed in cannot be told apart at all.
 */
export function repeatedNames(rows: readonly AttemptRow[], locale: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = nameKey(row.name, locale);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const [key, count] of counts) if (count < 2) counts.delete(key);
  return counts;
}

export const nameKey = (name: string, locale: string) => name.trim().toLocaleLowerCase(locale);
