import { useCallback, useEffect, useRef } from 'react';

/** How long typing has to pause before a text or number answer is sent anyway. */
export const TYPING_PAUSE_MS = 1200;

/**
 * For typed answers: send on blur, on Enter, or once typing pauses, never per keystroke, and
 * only when the value really changed. A draft still pending when the input goes away (the taker
 * switched blocks) or the page is hidden or left (a reload, a closed tab) is sent then.
 * `maxWaitMs`: the longest a draft waits while typing never pauses (an essay written in one go).
 */
export function useCommitOnPause<T>(commit: (draft: string) => T, options: { maxWaitMs?: number } = {}) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const longest = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<string | null>(null);
  const latestCommit = useRef(commit);
  latestCommit.current = commit;
  const { maxWaitMs } = options;

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    clearTimeout(longest.current);
    longest.current = undefined;
    if (pending.current === null) return;
    const draft = pending.current;
    pending.current = null;
    latestCommit.current(draft);
  }, []);

  const change = useCallback(
    (draft: string) => {
      pending.current = draft;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, TYPING_PAUSE_MS);
      if (maxWaitMs !== undefined && longest.current === undefined) longest.current = setTimeout(flush, maxWaitMs);
    },
    [flush, maxWaitMs],
  );

  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
      flush();
    };
  }, [flush]);

  return { change, flush };
}
