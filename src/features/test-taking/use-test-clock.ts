import { useEffect, useState } from 'react';
import type { AttemptRecord } from '../../../offline-queue/db.ts';
import type { OfflineRuntime } from './offline/runtime.ts';
import {
  createServerClock,
  type FreshClock,
  measuredOffset,
  offlineServerNow,
  type ServerClock,
} from './server-clock.ts';
import { fetchSession } from './taking-api.ts';

/** How often the clock's offset and the latest server time are written down for a resume. */
const CLOCK_SAVE_MS = 2_000;

/**
 * The running test's clock, on the server's time: anchored on the time just received, or resumed
 * from this device alone (the stored offset, floored: server-clock.ts) and corrected by the server
 * as soon as it answers. Every outbox answer corrects it too, and it is written down every few
 * seconds so that a reload or a crash resumes on the server's time. `onClosedByServer` runs when a
 * resumed attempt turns out to be finished on the server (another device, or the offline grace ran out).
 */
export function useTestClock(
  runtime: OfflineRuntime,
  record: AttemptRecord,
  fresh: FreshClock | null,
  onClosedByServer: () => void,
): ServerClock {
  const { uuid } = record;
  const [clock] = useState(() =>
    fresh
      ? createServerClock(fresh.serverNow, fresh.receivedAt)
      : createServerClock(offlineServerNow(record, Date.now())),
  );

  useEffect(
    () =>
      runtime.onServerTime((from, serverNow, sentAt) => {
        if (from === uuid) clock.sync(serverNow, sentAt);
      }),
    [clock, runtime, uuid],
  );

  useEffect(() => {
    const save = () => {
      runtime.db.clocks
        .put({ uuid, offsetMs: measuredOffset(clock, Date.now()), lastServerNow: clock.now() })
        .catch((error: unknown) => console.error('The clock could not be stored', error));
    };
    save();
    const timer = setInterval(save, CLOCK_SAVE_MS);
    window.addEventListener('pagehide', save);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', save);
    };
  }, [clock, runtime, uuid]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per view; the record's credentials never change.
  useEffect(() => {
    if (fresh) return;
    let live = true;
    const sentAt = clock.stamp();
    fetchSession({ uuid, apiToken: record.api_token }).then(
      (state) => {
        if (!live) return;
        clock.sync(state.server_now, sentAt);
        if (state.status === 'finished') onClosedByServer();
      },
      () => {
        // Offline: the stored clock stands until the outbox's next server answer.
      },
    );
    return () => {
      live = false;
    };
  }, []);

  return clock;
}
