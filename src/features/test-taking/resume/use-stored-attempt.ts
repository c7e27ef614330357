import { useCallback, useEffect, useState } from 'react';
import type { OnlineSession } from '../../../../contract/index.ts';
import type { AttemptRecord } from '../../../../offline-queue/db.ts';
import { hasStatus } from '../../../shared/api/index.ts';
import { loadOfflineKit } from '../offline/load-offline-kit.ts';
import type { FreshClock } from '../server-clock.ts';
import { fetchSession } from '../taking-api.ts';
import { forgetEarlyAttempt, peekEarlyAttempt } from './resume-early.ts';
import { forgetSession, readStoredSession, type StoredSession } from './stored-session.ts';

/** The server's time as just received: the countdown anchors on it. */
export type StoredAttempt =
  | { state: 'none' }
  | { state: 'checking'; stored: StoredSession }
  /** `fresh` null: resumed from this device alone; the view asks the server for its time itself. */
  | { state: 'running'; stored: StoredSession; record: AttemptRecord; fresh: FreshClock | null }
  | { state: 'finished'; stored: StoredSession; session: OnlineSession }
  /** The server could not be asked and this device holds nothing to resume from. */
  | { state: 'unreachable'; stored: StoredSession; error: unknown };

/**
 * The attempt this browser remembers for a lesson. A running attempt kept in IndexedDB resumes at
 * once, with or without a connection (answers, block, outbox, clock); otherwise the server is asked.
 */
export function useStoredAttempt(slug: string): { attempt: StoredAttempt; recheck: () => void } {
  const [stored] = useState(() => readStoredSession(slug));
  // Read before the first paint (resume-early.ts): the running test is then the first thing shown.
  const [early] = useState(() => (stored ? peekEarlyAttempt(stored.uuid) : null));
  const resumedAtOnce = stored && early?.result && early.result.phase !== 'finished' ? early.result : null;
  const [attempt, setAttempt] = useState<StoredAttempt>(() => {
    if (!stored) return { state: 'none' };
    if (resumedAtOnce) return { state: 'running', stored, record: resumedAtOnce, fresh: null };
    return { state: 'checking', stored };
  });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (stored) forgetEarlyAttempt(stored.uuid);
  }, [stored]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is how `recheck` asks for another look.
  useEffect(() => {
    if (!stored || (round === 0 && resumedAtOnce)) return;
    let live = true;
    setAttempt({ state: 'checking', stored });
    (async () => {
      const { dropAttempt, loadAttempt, offlineRuntime, saveServerAttempt } = await loadOfflineKit();
      performance.mark('zalik:offline-kit');
      const { db } = offlineRuntime();
      // The early read when there is one; if it failed, a fresh read (the failure may have passed).
      const earlyRead = round === 0 ? early?.reading.catch(() => loadAttempt(db, stored.uuid)) : undefined;
      const local = await (earlyRead ?? loadAttempt(db, stored.uuid)).catch((error: unknown) => {
        console.error('The stored attempt could not be read', error);
        return null;
      });
      // Marks for bench:offline-return, which reads where a resume spends its time.
      performance.mark('zalik:attempt-read');
      if (local && local.phase !== 'finished') {
        if (live) setAttempt({ state: 'running', stored, record: local, fresh: null });
        return;
      }
      try {
        const session = await fetchSession({ uuid: stored.uuid, apiToken: stored.api_token });
        const receivedAt = performance.now();
        if (session.status !== 'running') {
          if (live) setAttempt({ state: 'finished', stored, session });
          return;
        }
        const record = await saveServerAttempt(db, stored, session, Date.now());
        if (live)
          setAttempt({ state: 'running', stored, record, fresh: { serverNow: session.server_now, receivedAt } });
      } catch (error) {
        if (!live) return;
        // The server no longer knows this attempt or this token: nothing to resume.
        if (hasStatus(error, 401, 404)) {
          forgetSession(slug);
          await dropAttempt(db, stored.uuid).catch(() => undefined);
          setAttempt({ state: 'none' });
        } else {
          setAttempt({ state: 'unreachable', stored, error });
        }
      }
    })();
    return () => {
      live = false;
    };
  }, [slug, stored, round]);

  const recheck = useCallback(() => setRound((value) => value + 1), []);
  return { attempt, recheck };
}
