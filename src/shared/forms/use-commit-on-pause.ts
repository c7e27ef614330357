import { useCallback, useEffect, useRef } from 'react';

/** How long typing has to pause before a text or number answer is sent anyway. */
export const TYPING_PAUSE_MS = 1200;

/**
 * For typed answers: send on blur, on Enter, or once typing pauses, never per keystroke, and
 * only when the value really changed. A draft still pending when the input goes away (the taker
 * switched blocks) is sent then.
 */
export function useCommitOnPause<T>(commit: (draft: string) => T) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<string | null>(null);
  const latestCommit = useRef(commit);
  latestCommit.current = commit;

  const flush = useCallback(() => {
    clearTimeout(timer.current);
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
    },
    [flush],
  );

  useEffect(() => flush, [flush]);

  return { change, flush };
}
