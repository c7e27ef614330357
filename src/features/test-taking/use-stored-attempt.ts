import { useCallback, useEffect, useState } from 'react';
import type { OnlineSession } from '../../../contract/index.ts';
import { hasStatus } from '../../shared/api/index.ts';
import { forgetSession, readStoredSession, type StoredSession } from './stored-session.ts';
import { fetchSession } from './taking-api.ts';

export type StoredAttempt =
  | { state: 'none' }
  | { state: 'checking'; stored: StoredSession }
  | { state: 'running'; stored: StoredSession; session: OnlineSession; receivedAt: number }
  | { state: 'finished'; stored: StoredSession; session: OnlineSession }
  /** The server could not be asked; the attempt is kept for the next try. */
  | { state: 'unreachable'; stored: StoredSession; error: unknown };

/**
 * The attempt this browser remembers for a lesson, as the server sees it now. Asked fresh on
 * every visit (never from a cache), because the countdown is anchored on its `server_now`.
 */
export function useStoredAttempt(slug: string): { attempt: StoredAttempt; recheck: () => void } {
  const [stored] = useState(() => readStoredSession(slug));
  const [attempt, setAttempt] = useState<StoredAttempt>(stored ? { state: 'checking', stored } : { state: 'none' });
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is how `recheck` asks for another look.
  useEffect(() => {
    if (!stored) return;
    let live = true;
    setAttempt({ state: 'checking', stored });
    fetchSession({ uuid: stored.uuid, apiToken: stored.api_token }).then(
      (session) => {
        const receivedAt = performance.now();
        if (!live) return;
        setAttempt(
          session.status === 'running'
            ? { state: 'running', stored, session, receivedAt }
            : { state: 'finished', stored, session },
        );
      },
      (error: unknown) => {
        if (!live) return;
        // The server no longer knows this attempt or this token: nothing to resume.
        if (hasStatus(error, 401, 404)) {
          forgetSession(slug);
          setAttempt({ state: 'none' });
        } else {
          setAttempt({ state: 'unreachable', stored, error });
        }
      },
    );
    return () => {
      live = false;
    };
  }, [slug, stored, round]);

  const recheck = useCallback(() => setRound((value) => value + 1), []);
  return { attempt, recheck };
}
