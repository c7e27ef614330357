import { useEffect, useMemo, useState } from 'react';
import type { AttemptRecord } from '../../../offline-queue/db.ts';
import type { OfflineRuntime } from './offline/runtime.ts';

/**
 * The attempt with its deadline as the server last said it: a tutor's extra time reaches the device
 * with its next heartbeat or batch of answers, and the countdown follows from then on. While the
 * tutor has everyone paused (`pause`), the deadline moves on with the pause, second by second, so the
 * countdown stands still and the time never runs out; on resume the server's moved deadline comes.
 */
export function useLiveDeadline(
  runtime: OfflineRuntime,
  record: AttemptRecord,
  pause?: { paused: boolean; pausedFor: () => number },
): AttemptRecord {
  const [deadline, setDeadline] = useState(record.session.deadline);
  const [held, setHeld] = useState(0);
  const { uuid } = record;
  useEffect(
    () =>
      runtime.onDeadline((session, next) => {
        if (session === uuid) setDeadline(next);
      }),
    [runtime, uuid],
  );
  const paused = pause?.paused ?? false;
  const pausedFor = pause?.pausedFor;
  useEffect(() => {
    if (!paused || !pausedFor) return setHeld(0);
    setHeld(pausedFor());
    const timer = setInterval(() => setHeld(pausedFor()), 1000);
    return () => clearInterval(timer);
  }, [paused, pausedFor]);
  const shown = deadline + held;
  return useMemo(
    () => (shown === record.session.deadline ? record : { ...record, session: { ...record.session, deadline: shown } }),
    [record, shown],
  );
}
