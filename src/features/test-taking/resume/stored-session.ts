import { enums, type Infer, string, type } from 'superstruct';
import { STORED_SESSION_PREFIX, storedSessionKey } from './stored-session-key.ts';

/** What a reload needs to find its way back into a running test. */
const StoredSessionStruct = type({
  uuid: string(),
  api_token: string(),
  slug: string(),
  role: enums(['student', 'tutor']),
});
export type StoredSession = Infer<typeof StoredSessionStruct>;

// Storage can be missing or throw (private modes, quotas): losing the resume is better than crashing.
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function parse(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return StoredSessionStruct.is(value) ? value : null;
  } catch {
    return null;
  }
}

export function readStoredSession(slug: string): StoredSession | null {
  return parse(storage()?.getItem(storedSessionKey(slug)) ?? null);
}

export function rememberSession(session: StoredSession): void {
  try {
    storage()?.setItem(storedSessionKey(session.slug), JSON.stringify(session));
  } catch {
    // Full storage: the test still runs, only a reload cannot resume it.
  }
}

export function forgetSession(slug: string): void {
  try {
    storage()?.removeItem(storedSessionKey(slug));
  } catch {
    // Nothing to clean up then.
  }
}

/** The stored session with this uuid, whatever its lesson: the results page knows only the uuid. */
export function findStoredSessionByUuid(uuid: string): StoredSession | null {
  const store = storage();
  if (!store) return null;
  for (let index = 0; index < store.length; index++) {
    const key = store.key(index);
    if (!key?.startsWith(STORED_SESSION_PREFIX)) continue;
    const session = parse(store.getItem(key));
    if (session?.uuid === uuid) return session;
  }
  return null;
}
