/**
 * The account the stored tokens were last confirmed for, kept in localStorage beside them: what a
 * reload with no connection shows. Part of the auth engine, loaded after the first paint.
 */
import type { SessionUser } from '../../../contract/auth.ts';

const KEY = 'zalik:user';

export function rememberUser(user: SessionUser | null): void {
  try {
    if (user) localStorage.setItem(KEY, JSON.stringify(user));
    else localStorage.removeItem(KEY);
  } catch {
    // Not remembered: a reload with no connection waits for the server then.
  }
}

export function rememberedUser(): SessionUser | null {
  try {
    const user = JSON.parse(localStorage.getItem(KEY) ?? 'null') as SessionUser | null;
    return typeof user?.id === 'string' ? user : null;
  } catch {
    return null;
  }
}
