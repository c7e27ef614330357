import { useCallback, useEffect, useRef, useState } from 'react';
import type { TestDraft, TutorTest, TutorTestSummary } from '../../../../contract/tutor-tests.ts';
import { hasStatus, isApiError } from '../../../shared/api/index.ts';
import { getTest, saveDraft } from '../tutor-tests-api.ts';

/** How long typing pauses before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;
/** How often a save that found no network is tried again (also at once when the browser is back online). */
const OFFLINE_RETRY_MS = 10_000;

export type SaveState = 'saved' | 'pending' | 'saving' | 'offline' | 'conflict' | 'failed';

/**
 * The draft being edited and its saving: each edit shows at once (typing never waits on the
 * network) and the whole draft is saved after a pause, from the revision last saved. A save that
 * finds the draft saved meanwhile elsewhere (409) stops saving until the tutor chooses which
 * version to keep; one that finds no network is tried again.
 */
export function useDraftAutosave(test: TutorTest) {
  const [draft, setShown] = useState(test.draft);
  const [state, setState] = useState<SaveState>('saved');
  const [summary, setSummary] = useState<TutorTestSummary>(test);
  const latest = useRef(test.draft);
  const saved = useRef(JSON.stringify(test.draft));
  const revision = useRef(test.revision);
  const busy = useRef(false);
  const stopped = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

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
    try {
      const next = await saveDraft(test.id, revision.current, latest.current);
      revision.current = next.revision;
      saved.current = json;
      setSummary(next);
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
  }, [test.id]);

  const setDraft = useCallback(
    (next: TestDraft) => {
      latest.current = next;
      setShown(next);
      if (stopped.current) return;
      setState('pending');
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

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

  // Leaving the page with edits not saved yet: they are sent now, and the browser asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (JSON.stringify(latest.current) !== saved.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      flush();
    };
  }, [flush]);

  /** After a conflict: the version saved elsewhere replaces the edits made here. */
  const takeTheirs = useCallback(async () => {
    const theirs = await getTest(test.id);
    latest.current = theirs.draft;
    saved.current = JSON.stringify(theirs.draft);
    revision.current = theirs.revision;
    stopped.current = false;
    setShown(theirs.draft);
    setSummary(theirs);
    setState('saved');
  }, [test.id]);

  /** After a conflict: the edits made here are saved over the version saved elsewhere. */
  const keepMine = useCallback(async () => {
    const theirs = await getTest(test.id);
    revision.current = theirs.revision;
    saved.current = JSON.stringify(theirs.draft);
    stopped.current = false;
    await flush();
  }, [test.id, flush]);

  return { draft, setDraft, state, summary, setSummary, flush, takeTheirs, keepMine };
}
