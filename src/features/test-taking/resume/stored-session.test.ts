import { describe, expect, it } from 'vitest';
import { findStoredSessionByUuid, forgetSession, readStoredSession, rememberSession } from './stored-session.ts';

const session = { uuid: 'u-1', api_token: 't'.repeat(43), slug: 'fractions', role: 'student' as const };

describe('stored session', () => {
  it('is kept under zalik:session:<slug> and read back', () => {
    rememberSession(session);
    expect(JSON.parse(localStorage.getItem('zalik:session:fractions') ?? 'null')).toEqual(session);
    expect(readStoredSession('fractions')).toEqual(session);
    expect(findStoredSessionByUuid('u-1')).toEqual(session);
    forgetSession('fractions');
    expect(readStoredSession('fractions')).toBeNull();
  });

  it('ignores what it did not write', () => {
    localStorage.setItem('zalik:session:broken', '{"uuid": 1}');
    localStorage.setItem('zalik:session:garbage', 'not json');
    expect(readStoredSession('broken')).toBeNull();
    expect(readStoredSession('garbage')).toBeNull();
  });
});
