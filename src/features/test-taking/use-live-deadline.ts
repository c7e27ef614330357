import { useEffect, useMemo, useState } from 'react';
import type { AttemptRecord } from '../../../offline-queue/db.ts';
import type { OfflineRuntime } from './offline/runtime.ts';

/**
 * The attempt with its deadline as the server last said it: a tutor's extra time reaches the device
 * with its next heartbeat or batch of answers, and the countdown follows from then on.
 */
export function useLiveDeadline(runtime: OfflineRuntime, record: AttemptRecord): AttemptRecord {
  const [deadline, setDeadline] = useState(record.session.deadline);
  const { uuid } = record;
  useEffect(
    () =>
      runtime.onDeadline((session, next) => {
        if (session === uuid) setDeadline(next);
      }),
    [runtime, uuid],
  );
  return useMemo(
    () => (deadline === record.session.deadline ? record : { ...record, session: { ...record.session, deadline } }),
    [record, deadline],
  );
}
