/** A running attempt as the offline store keeps it, for the tests of the outbox and what fills it. */
import type { OnlineSession } from '../contract/online.ts';
import type { AttemptRecord } from './db.ts';

export function attemptFixture(uuid: string, changes: Partial<AttemptRecord> = {}): AttemptRecord {
  return {
    uuid,
    api_token: `token-${uuid}`,
    slug: 'lesson',
    role: 'student',
    session: { uuid, deadline: 10_000 } as OnlineSession,
    blocks: null,
    blocksLocale: null,
    answers: {},
    currentBlock: null,
    offsetMs: 0,
    lastServerNow: 0,
    phase: 'running',
    finishReason: null,
    ...changes,
  };
}
