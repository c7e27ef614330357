import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isApiError } from '../../../api-client/api-error.ts';
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

/**
 * How long a start keeps trying while the server says it is busy starting others (503 with
 * Retry-After: server/services/platform/start-gate.ts). Each try waits what the server asked, and a
 * random part of a second more, so that the devices it turned away do not all come back at once.
 */
export const START_PATIENCE_MS = 60_000;

const busyWait = (error: unknown): number | null =>
  isApiError(error) && error.kind === 'http' && error.status === 503 ? error.retryAfterMs : null;

/** A start request of any of the three flows (a lesson, an assignment, a tutor's preview). */
export type StartRequest = (options: { timeoutMs: number }) => Promise<StartedSession>;

/**
 * The one way to start an attempt: the flow's start request, with its time limit (tried again while
 * the server says it is busy, within START_PATIENCE_MS), then the attempt made this device's
 * (beginAttempt). `starting` while it runs, `error` when it failed (shown with a retry), `started`
 * once it runs; `start` resolves to the attempt, or null when it failed. `errorMessage`: what to say
 * of a start the server did not answer in time (said here, in the pages' messages, not the shell's).
 */
export function useStartAttempt(slug: string) {
  const { t } = useLingui();
  const [started, setStarted] = useState<TakingViewProps | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const start = async (request: StartRequest): Promise<TakingViewProps | null> => {
    setStarting(true);
    setError(null);
    try {
      const giveUpAt = Date.now() + START_PATIENCE_MS;
      let session: StartedSession | null = null;
      while (!session) {
        try {
          session = await request({ timeoutMs: START_TIMEOUT_MS });
        } catch (caught) {
          const wait = busyWait(caught);
          if (wait === null || Date.now() + wait > giveUpAt) throw caught;
          await new Promise((resolve) => setTimeout(resolve, wait + Math.random() * 1000));
        }
      }
      const view = await beginAttempt(session, slug);
      setStarted(view);
      return view;
    } catch (caught) {
      setError(caught);
      return null;
    } finally {
      setStarting(false);
    }
  };
  const timedOut = isApiError(error) && error.timedOut;
  const errorMessage = timedOut
    ? t`The server did not answer in time. Check your connection and try again.`
    : undefined;
  return { started, starting, error, errorMessage, start };
}
