import { useCallback, useEffect, useState } from 'react';
import type { TutorTest } from '../../../../contract/tutor-tests.ts';
import { isApiError } from '../../../shared/api/index.ts';
import { getTest } from '../tutor-tests-api.ts';
import { type LocalDraft, localDrafts } from './local-drafts.ts';
import type { DraftStart } from './use-draft-autosave.ts';

/**
 * Where the editor starts, from the server's test and this device's copy:
 * - edits kept here, made from the revision the server still has: they are the draft, sent at once;
 * - edits kept here, made from an older revision (the test was saved elsewhere meanwhile): a
 *   conflict, the tutor chooses, nothing is overwritten silently;
 * - no server (offline): this device's copy, edits and all; with no copy, the error.
 */
export function decideStart(
  user: string,
  server: { test: TutorTest } | { error: unknown },
  local: LocalDraft | null,
): DraftStart | { error: unknown } {
  if ('error' in server) {
    const offline = isApiError(server.error) && server.error.kind === 'network';
    if (offline && local) return { user, confirmed: local.confirmed, edits: local.edits, conflict: false, offline };
    return server;
  }
  const edits = local?.edits && JSON.stringify(local.edits) !== JSON.stringify(server.test.draft) ? local.edits : null;
  if (!edits || !local) return { user, confirmed: server.test, edits: null, conflict: false, offline: false };
  return {
    user,
    confirmed: server.test,
    edits,
    conflict: local.confirmed.revision !== server.test.revision,
    offline: false,
  };
}

type Loaded = { start: DraftStart } | { error: unknown } | null;

/**
 * Reads both afresh each time the editor opens (no cache: an older copy shown first would save
 * from an old revision and meet a conflict of its own making).
 */
export function useDraftStart(user: string, id: string) {
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry: a new read.
  useEffect(() => {
    let current = true;
    setLoaded(null);
    const local = localDrafts()
      .read(user, id)
      .catch((error: unknown) => {
        console.error('The copy of the draft on this device could not be read', error);
        return null;
      });
    const server = getTest(id).then(
      (test) => ({ test }),
      (error: unknown) => ({ error }),
    );
    void Promise.all([server, local]).then(([s, l]) => {
      if (!current) return;
      const start = decideStart(user, s, l);
      setLoaded('error' in start ? start : { start });
    });
    return () => {
      current = false;
    };
  }, [user, id, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { loaded, retry };
}
