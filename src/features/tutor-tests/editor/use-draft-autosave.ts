import { useCallback, useEffect, useRef, useState } from 'react';
import type { TestDraft, TutorTest, TutorTestSummary } from '../../../../contract/tutor-tests.ts';
import { hasStatus, isApiError } from '../../../shared/api/index.ts';
import { registerUpdateGuard } from '../../../shared/pwa/update-guard.ts';
import { getTest, saveDraft } from '../tutor-tests-api.ts';
import { latestWins, localDrafts } from './local-drafts.ts';

/** How long typing pauses before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;
/** How often a save that found no network is tried again (also at once when the browser is back online). */
const OFFLINE_RETRY_MS = 10_000;

export type SaveState = 'saved' | 'pending' | 'saving' | 'offline' | 'conflict' | 'failed';

/** Where the editor starts: the test as the server last confirmed it, and edits kept on this device. */
export interface DraftStart {
  user: string;
  confirmed: TutorTest;
  /** Edits made on this device and not confirmed yet (from an offline session or a closed tab). */
  edits: TestDraft | null;
  /** The server's test is newer than the one those edits were made from: the tutor chooses. */
  conflict: boolean;
  /** The server could not be reached: the editor works from this device's copy. */
  offline: boolean;
}

/**
 * The draft being edited and its saving: each edit shows at once (typing never waits on the
 * network), is kept on this device at once, and the whole draft is sent after a pause, from the
 * revision last confirmed. A save that finds the draft saved meanwhile elsewhere (409) stops saving
 * until the tutor chooses which version to keep; one that finds no network is tried again, and the
 * edits wait on this device (a reload, even offline, starts from them).
 */
export function useDraftAutosave(start: DraftStart) {
  const initial = start.edits ?? start.confirmed.draft;
  const [draft, setShown] = useState(initial);
  const [state, setState] = useState<SaveState>(
    start.conflict ? 'conflict' : start.edits ? (start.offline ? 'offline' : 'pending') : 'saved',
  );
  const [summary, setSummary] = useState<TutorTestSummary>(start.confirmed);
  const latest = useRef(initial);
  const confirmed = useRef(start.confirmed);
  const saved = useRef(JSON.stringify(start.confirmed.draft));
  const busy = useRef(false);
  const stopped = useRef(start.conflict);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [device] = useState(() => {
    const drafts = localDrafts();
    return latestWins((edits: TestDraft | null) => drafts.write(start.user, confirmed.current, edits));
  });
  const keepHere = useCallback(() => {
    device.push(JSON.stringify(latest.current) === saved.current ? null : latest.current);
  }, [device]);

  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    if (busy.current || stopped.current) return;
    const json = JSON.stringify(latest.current);
    if (json === saved.current) {
      setState('saved');
      return;
    }
    busy.current = true;
    setState('saving');
    const sent = latest.current;
    try {
      const next = await saveDraft(confirmed.current.id, confirmed.current.revision, sent);
      confirmed.current = { ...next, draft: sent };
      saved.current = json;
      setSummary(next);
      keepHere();
      busy.current = false;
      // Edits made while this save was on its way go in the next one.
      if (JSON.stringify(latest.current) !== json) await flush();
      else setState('saved');
    } catch (error) {
      busy.current = false;
      if (hasStatus(error, 409)) {
        stopped.current = true;
        setState('conflict');
      } else setState(isApiError(error) && error.kind === 'network' ? 'offline' : 'failed');
    }
  }, [keepHere]);

  const setDraft = useCallback(
    (next: TestDraft) => {
      latest.current = next;
      setShown(next);
      keepHere();
      if (stopped.current) return;
      setState('pending');
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, AUTOSAVE_DELAY_MS);
    },
    [flush, keepHere],
  );

  // Edits found on this device are sent as soon as the editor opens.
  useEffect(() => {
    if (start.edits && !start.conflict) void flush();
  }, [start, flush]);

  useEffect(() => {
    if (state !== 'offline' && state !== 'failed') return;
    const retry = () => flush();
    window.addEventListener('online', retry);
    const interval = setInterval(retry, OFFLINE_RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(interval);
    };
  }, [state, flush]);

  // An update waits while edits are on their way: they are on this device, but the tutor is typing.
  useEffect(() => registerUpdateGuard(() => JSON.stringify(latest.current) !== saved.current), []);

  // Leaving the page with edits not saved yet: they are kept here and sent now.
  useEffect(() => () => void flush(), [flush]);

  /** After a conflict: the version saved elsewhere replaces the edits made here. */
  const takeTheirs = useCallback(async () => {
    const theirs = await getTest(confirmed.current.id);
    confirmed.current = theirs;
    latest.current = theirs.draft;
    saved.current = JSON.stringify(theirs.draft);
    stopped.current = false;
    keepHere();
    setShown(theirs.draft);
    setSummary(theirs);
    setState('saved');
  }, [keepHere]);

  /** After a conflict: the edits made here are saved over the version saved elsewhere. */
  const keepMine = useCallback(async () => {
    const theirs = await getTest(confirmed.current.id);
    confirmed.current = theirs;
    saved.current = JSON.stringify(theirs.draft);
    stopped.current = false;
    keepHere();
    await flush();
  }, [flush, keepHere]);

  /** Published (or otherwise changed on the server without a new draft): the copy here follows. */
  const changed = useCallback(
    (next: TutorTestSummary) => {
      confirmed.current = { ...next, draft: confirmed.current.draft };
      setSummary(next);
      keepHere();
    },
    [keepHere],
  );

  return { draft, setDraft, state, summary, changed, flush, takeTheirs, keepMine };
}
