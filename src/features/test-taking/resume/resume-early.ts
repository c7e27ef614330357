import type { AttemptRecord } from '../../../../offline-queue/db.ts';
import { loadOfflineKit } from '../offline/load-offline-kit.ts';
import { readStoredSession } from './stored-session.ts';
import { loadTakingView } from './taking-view-loader.ts';

/**
 * An early read is for the page being opened: one taken later (the page's code came late and the
 * taker went elsewhere first) reads afresh, since another tab may have written meanwhile.
 */
const EARLY_READ_TTL_MS = 5_000;

interface EarlyRead {
  startedAt: number;
  reading: Promise<AttemptRecord | null>;
  /** Set once the read has succeeded: the page can then render the running test in its first paint. */
  result?: AttemptRecord | null;
}

const early = new Map<string, EarlyRead>();

/**
 * Called as a lesson's page starts loading, before anything renders, when this device remembers an
 * attempt at it. Such an attempt most likely resumes, so the running test's view and the attempt's
 * record in IndexedDB load now, beside the page's code and the catalog, instead of one after another
 * once the page has rendered. Resolves when both are here, so that the first paint (which waits a
 * little for it, main.tsx) can already be the running test. This is what lets a test reopened
 * offline show within a second (bench:offline-return).
 */
export function resumeEarly(slug: string): Promise<void> {
  const stored = readStoredSession(slug);
  if (!stored) return Promise.resolve();
  let entry = peekEarlyAttempt(stored.uuid);
  if (!entry) {
    const reading = loadOfflineKit().then(({ loadAttempt, offlineRuntime }) =>
      loadAttempt(offlineRuntime().db, stored.uuid),
    );
    const created: EarlyRead = { startedAt: Date.now(), reading };
    // Whoever takes the read handles its failure; until then it is not an unhandled rejection.
    reading.then(
      (record) => {
        created.result = record;
      },
      () => undefined,
    );
    entry = created;
    early.set(stored.uuid, entry);
  }
  return Promise.all([entry.reading, loadTakingView()]).then(
    () => undefined,
    () => undefined,
  );
}

/** The early read of this attempt, if one was made and not yet used. Looking does not use it up. */
export function peekEarlyAttempt(uuid: string): EarlyRead | null {
  const entry = early.get(uuid);
  if (!entry) return null;
  const age = Date.now() - entry.startedAt;
  if (age >= 0 && age < EARLY_READ_TTL_MS) return entry;
  early.delete(uuid);
  return null;
}

/** The page has used the early read: a later look (a recheck, a return to the page) reads afresh. */
export function forgetEarlyAttempt(uuid: string): void {
  early.delete(uuid);
}
