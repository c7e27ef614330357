import { useEffect, useState, useSyncExternalStore } from 'react';
import type { OutboxEntry } from '../../../../offline-queue/db.ts';
import { entriesOf } from '../../../../offline-queue/outbox.ts';
import { useRead } from '../../../shared/api/use-read.ts';
import { offlineRuntime } from './runtime.ts';

/**
 * The session's outbox entries (queued and refused), read through SWR like every other read of the
 * app, and read again whenever the outbox changes (a local write, a send, the service worker's
 * round); null until first read. SWR keeps only the latest of reads that overtake each other.
 */
export function useSessionOutbox(session: string): OutboxEntry[] | null {
  const [runtime] = useState(offlineRuntime);
  const { data, mutate } = useRead('outbox', [session], () => entriesOf(runtime.db, session), {
    // Every change is announced and must be read, however soon after the last one.
    dedupingInterval: 0,
    onError: (error: unknown) => console.error('The outbox could not be read', error),
  });
  useEffect(
    () =>
      runtime.subscribe((changed) => {
        if (changed === null || changed === session) void mutate();
      }),
    [runtime, session, mutate],
  );
  return data ?? null;
}

function subscribeOnline(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
