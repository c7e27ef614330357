/**
 * Drafts kept on this device, so that no edit is lost to a lost connection, a reload or a closed tab:
 * the test as the server last gave it, and the edits made here that the server has not confirmed
 * yet. Each edit is written here before it is sent; a confirmed save clears the edits. A database of
 * its own (not the answers' one): the answers' service worker never has to know about it, and its
 * schema can change without touching theirs.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { TestDraft, TutorTest } from '../../../../contract/tutor-tests.ts';

export interface LocalDraft {
  /** `user:test`: a draft is only ever shown to the account that wrote it. */
  key: string;
  user: string;
  test: string;
  /** The test as the server last confirmed it (its draft and revision included). */
  confirmed: TutorTest;
  /** Edits made here and not confirmed by the server yet, made from `confirmed.revision`; null when none. */
  edits: TestDraft | null;
  edited_at: number;
}

type DraftsDb = Dexie & { drafts: EntityTable<LocalDraft, 'key'> };

export function openDraftsDb(name = 'zalik-drafts'): DraftsDb {
  const db = new Dexie(name) as DraftsDb;
  db.version(1).stores({ drafts: 'key, user' });
  return db;
}

let shared: DraftsDb | null = null;
const sharedDb = () => {
  shared ??= openDraftsDb();
  return shared;
};

export interface LocalDrafts {
  read(user: string, test: string): Promise<LocalDraft | null>;
  /** The test as the server last confirmed it, and the edits made here since (null when none). */
  write(user: string, confirmed: TutorTest, edits: TestDraft | null): Promise<void>;
}

export function localDrafts(db: DraftsDb = sharedDb()): LocalDrafts {
  const keyOf = (user: string, test: string) => `${user}:${test}`;
  return {
    async read(user, test) {
      return (await db.drafts.get(keyOf(user, test))) ?? null;
    },
    async write(user, confirmed, edits) {
      const key = keyOf(user, confirmed.id);
      await db.drafts.put({ key, user, test: confirmed.id, confirmed, edits, edited_at: Date.now() });
    },
  };
}

/**
 * Writes that keep their order and skip what a later one replaces: typing fast writes the newest
 * state once the previous write is done, never an older one after a newer.
 */
export function latestWins<T>(write: (value: T) => Promise<void>) {
  let waiting: { value: T } | null = null;
  let running: Promise<void> | null = null;
  async function drain(): Promise<void> {
    while (waiting) {
      const { value } = waiting;
      waiting = null;
      try {
        await write(value);
      } catch (error) {
        // The edit still goes to the server; only this device's copy is missing.
        console.error('The draft could not be kept on this device', error);
      }
    }
    running = null;
  }
  return {
    push(value: T) {
      waiting = { value };
      running ??= drain();
    },
    /** Resolves once every pushed value is written. */
    settled: () => running ?? Promise.resolve(),
  };
}
