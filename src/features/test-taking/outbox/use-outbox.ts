import { useEffect, useState, useSyncExternalStore } from 'react';
import type { OutboxEntry } from './db.ts';
import { entriesOf } from './outbox.ts';
import { offlineRuntime } from './runtime.ts';

/** The session's outbox entries (queued and refused), re-read whenever the outbox changes; null until read. */
export function useSessionOutbox(session: string): OutboxEntry[] | null {
  const [entries, setEntries] = useState<OutboxEntry[] | null>(null);
  useEffect(() => {
    const runtime = offlineRuntime();
    let live = true;
    let round = 0;
    const read = () => {
      const mine = ++round;
      entriesOf(runtime.db, session).then(
        (next) => {
          // Reads can overtake each other; only the latest one counts.
          if (live && mine === round) setEntries(next);
        },
        (error: unknown) => console.error('The outbox could not be read', error),
      );
    };
    read();
    const stop = runtime.subscribe((changed) => {
      if (changed === null || changed === session) read();
    });
    return () => {
      live = false;
      stop();
    };
  }, [session]);
  return entries;
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
