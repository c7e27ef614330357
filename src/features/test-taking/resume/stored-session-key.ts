/**
 * Where a lesson's running session is remembered (stored-session.ts), apart from its parsing: the
 * app's entry asks whether there is one before it loads anything of the test-taking code.
 */
export const STORED_SESSION_PREFIX = 'zalik:session:';

export const storedSessionKey = (slug: string) => `${STORED_SESSION_PREFIX}${slug}`;

/** Whether this browser remembers a session for the lesson (not yet whether it is valid). */
export function hasStoredSession(slug: string): boolean {
  try {
    return globalThis.localStorage?.getItem(storedSessionKey(slug)) != null;
  } catch {
    return false;
  }
}
