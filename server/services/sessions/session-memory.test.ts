import { describe, expect, it } from 'vitest';
import type { OnlineSessionsTable } from '../../db/schema.ts';
import { FinishedSessions } from './session-memory.ts';
import type { StoredAnswer } from './session-presenter.ts';

const row = (uuid: string, changes: Partial<OnlineSessionsTable> = {}) =>
  ({ uuid, status: 'finished', assignment_id: null, ...changes }) as OnlineSessionsTable;
const answers: StoredAnswer[] = [{ question_id: 'q1', value: 'b', answered_at: 1, late_ms: null }];

describe('the sessions this process finished', () => {
  it('keeps a finished session of no assignment with the answers it was scored from', () => {
    const finished = new FinishedSessions();
    finished.remember(row('a'), answers);
    expect(finished.row('a')?.uuid).toBe('a');
    expect(finished.answers('a')).toEqual(answers);
  });

  it("keeps neither a running session nor an assignment's attempt, which a re-score may change elsewhere", () => {
    const finished = new FinishedSessions();
    finished.remember(row('running', { status: 'running' }), answers);
    finished.remember(row('assigned', { assignment_id: 'as-1' }), answers);
    expect(finished.row('running')).toBeUndefined();
    expect(finished.row('assigned')).toBeUndefined();
  });

  it('holds at most its limit, forgetting the oldest first', () => {
    const finished = new FinishedSessions(2);
    for (const uuid of ['a', 'b', 'c']) finished.remember(row(uuid), answers);
    expect(['a', 'b', 'c'].map((uuid) => finished.row(uuid) !== undefined)).toEqual([false, true, true]);
  });
});
