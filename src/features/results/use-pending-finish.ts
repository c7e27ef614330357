import { useEffect, useRef } from 'react';
import { useSessionOutbox } from '../test-taking/offline/use-outbox.ts';

export interface PendingFinish {
  /** Answers and the finish of this test still waiting on this device. */
  waiting: number;
  /** The finish itself is still waiting: the server has no results yet. */
  finishQueued: boolean;
  /** Why the server turned the finish down, if it did. */
  refusal: string | null;
}

/**
 * This test's part of the outbox, as the results page needs it. `onSent` runs when the last waiting
 * entry is gone, so results that were pending fill in by themselves.
 */
export function usePendingFinish(uuid: string, onSent: () => void): PendingFinish | null {
  const entries = useSessionOutbox(uuid);
  const queued = entries?.filter((entry) => entry.state === 'queued') ?? [];
  const waiting = queued.length;
  const finishQueued = queued.some((entry) => entry.kind === 'finish');
  const refusal = entries?.find((entry) => entry.kind === 'finish' && entry.state === 'refused')?.refusal ?? null;

  const before = useRef(0);
  const sent = useRef(onSent);
  sent.current = onSent;
  useEffect(() => {
    if (before.current > 0 && waiting === 0) sent.current();
    before.current = waiting;
  }, [waiting]);

  return entries === null ? null : { waiting, finishQueued, refusal };
}
