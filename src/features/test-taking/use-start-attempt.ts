import { useState } from 'react';
import type { StartedSession } from '../../../contract/index.ts';
import { beginAttempt } from './begin-attempt.ts';
import type { TakingViewProps } from './TakingView.tsx';

/**
 * How long a start waits for the server. A start is a click with nothing else to do until it is
 * answered: past this, the taker is told the server did not answer, with a way to try again,
 * instead of "Starting the test…" for as long as the browser waits. A whole school starting in the
 * same second is answered well within it (bench:exam-start).
 */
export const START_TIMEOUT_MS = 20_000;

/** A start request of any of the three flows (a lesson, an assignment, a tutor's preview). */
export type StartRequest = (options: { timeoutMs: number }) => Promise<StartedSession>;

/**
 * The one way to start an attempt: the flow's start request, with its time limit, then the attempt
 * made this device's (beginAttempt). `starting` while it runs, `error` when it failed (shown with a
 * retry), `started` once it runs; `start` resolves to the attempt, or null when it failed.
 */
export function useStartAttempt(slug: string) {
  const [started, setStarted] = useState<TakingViewProps | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const start = async (request: StartRequest): Promise<TakingViewProps | null> => {
    setStarting(true);
    setError(null);
    try {
      const view = await beginAttempt(await request({ timeoutMs: START_TIMEOUT_MS }), slug);
      setStarted(view);
      return view;
    } catch (caught) {
      setError(caught);
      return null;
    } finally {
      setStarting(false);
    }
  };
  return { started, starting, error, start };
}
