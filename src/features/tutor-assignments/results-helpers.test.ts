import { describe, expect, it } from 'vitest';
import type { AttemptRow } from '../../../contract/assignments.ts';
import { binsOf } from './Histogram.tsx';
import { repeatedNames, sortAttempts } from './sort-attempts.ts';

const row = (name: string, percent: number | null, late = 0): AttemptRow => ({
  session: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
  name,
  signed_in: false,
  status: percent === null ? 'running' : 'finished',
  score: percent === null ? null : percent / 10,
  max_score: 10,
  percent,
  started_at: 0,
  finished_at: percent === null ? null : 1,
  time_used_seconds: percent === null ? null : 60,
  finish_reason: percent === null ? null : 'manual',
  late_answers: late,
  most_late_ms: late ? 1_000 : null,
  signals: null,
  awaiting_marks: 0,
});

describe('the results table', () => {
  const rows = [row('Ölga', 50), row('Bo', null), row('anna', 90, 2), row('Zed', 50)];

  it('sorts names as the language does, ignoring case', () => {
    expect(sortAttempts(rows, 'name', false, 'en').map((r) => r.name)).toEqual(['anna', 'Bo', 'Ölga', 'Zed']);
    expect(sortAttempts(rows, 'name', true, 'en').map((r) => r.name)).toEqual(['Zed', 'Ölga', 'Bo', 'anna']);
  });

  it('sorts by a number either way, ties by name, and running attempts always last', () => {
    expect(sortAttempts(rows, 'percent', true, 'en').map((r) => r.name)).toEqual(['anna', 'Ölga', 'Zed', 'Bo']);
    expect(sortAttempts(rows, 'percent', false, 'en').map((r) => r.name)).toEqual(['Ölga', 'Zed', 'anna', 'Bo']);
    expect(sortAttempts(rows, 'late', true, 'en')[0]?.name).toBe('anna');
  });
});

describe('the score histogram', () => {
  it('counts each tenth, with a full score in the last and nothing outside 0–100 lost', () => {
    expect(binsOf([0, 9.9, 10, 55, 99, 100, 100])).toEqual([2, 1, 0, 0, 0, 1, 0, 0, 0, 3]);
    expect(binsOf([])).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('names on more than one attempt', () => {
  it('are counted as the tutor reads them, case and spaces aside; names used once are left out', () => {
    const rows = [row('Ann', 50), row('ann ', 70), row('Bo', 10), row('ANN', null), row('Cy', 20)];
    expect([...repeatedNames(rows, 'en')]).toEqual([['ann', 3]]);
    expect(repeatedNames([row('Ірина', 1), row('ІРИНА', 2)], 'uk').get('ірина')).toBe(2);
    expect(repeatedNames([row('Bo', 1)], 'en').size).toBe(0);
  });
});
