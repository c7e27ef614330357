import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api-client/api-error.ts';
import type { SessionUser, TokenPair } from '../../../contract/auth.ts';
import { type AuthDeps, createAuthStore, REFRESH_AHEAD_MS, SESSION_REFETCH_MS } from './auth-store.ts';
import { getTokens, setTokens } from './token-store.ts';

const HOUR = 3_600_000;
const user: SessionUser = {
  id: 'u1',
  email: 'ann@example.test',
  firstname: 'Ann',
  lastname: 'Lee',
  role: 'student',
  locale: 'en',
  email_verified: false,
};

function pair(token: string, expiresAt = Date.now() + HOUR): TokenPair {
  return {
    token,
    refresh_token: `r-${token}`,
    expires_at: expiresAt,
    refresh_expires_at: Date.now() + 30 * 24 * HOUR,
    user,
  };
}

const httpError = (status: number) => new ApiError({ kind: 'http', status, message: `HTTP ${status}` });

function deps(overrides: Partial<AuthDeps> = {}) {
  return {
    fetchSession: vi.fn<AuthDeps['fetchSession']>(async () => user),
    refresh: vi.fn<AuthDeps['refresh']>(async () => pair('t2')),
    logout: vi.fn<AuthDeps['logout']>(async () => undefined),
    changeLocale: vi.fn<AuthDeps['changeLocale']>(async (locale) => ({ ...user, locale })),
    now: () => Date.now(),
    ...overrides,
  };
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
}

let stores: ReturnType<typeof createAuthStore>[] = [];
function store(d: AuthDeps) {
  const created = createAuthStore(d);
  stores.push(created);
  return created;
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  setVisibility('visible');
});
afterEach(() => {
  for (const s of stores) s.reset();
  stores = [];
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the auth state', () => {
  it('is unauthenticated at once when no token is stored, without asking the server', () => {
    const d = deps();
    const auth = store(d);
    auth.start();
    expect(auth.getState()).toEqual({ status: 'unauthenticated', user: null });
    expect(d.fetchSession).not.toHaveBeenCalled();
  });

  it('is loading while a stored token is checked, then authenticated with the session user', async () => {
    setTokens(pair('t1'));
    const d = deps();
    const auth = store(d);
    expect(auth.getState().status).toBe('loading');
    auth.start();
    await vi.waitFor(() => expect(auth.getState().status).toBe('authenticated'));
    expect(auth.getState().user).toEqual(user);
  });

  it('clears session and token when the session fetch fails', async () => {
    setTokens(pair('t1'));
    const auth = store(deps({ fetchSession: vi.fn(async () => Promise.reject(httpError(401))) }));
    auth.start();
    await vi.waitFor(() => expect(auth.getState().status).toBe('unauthenticated'));
    expect(getTokens()).toBeNull();
    expect(console.error).toHaveBeenCalled();
  });

  it('fetches the session again on window focus while the page is visible, not while hidden', async () => {
    setTokens(pair('t1'));
    const d = deps();
    const auth = store(d);
    auth.start();
    await vi.waitFor(() => expect(auth.getState().status).toBe('authenticated'));
    expect(d.fetchSession).toHaveBeenCalledTimes(1);

    setVisibility('hidden');
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(d.fetchSession).toHaveBeenCalledTimes(1);

    setVisibility('visible');
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(d.fetchSession).toHaveBeenCalledTimes(2);
  });

  it('follows the language a signed-in user chooses at once, and saves it to the account', async () => {
    setTokens(pair('t1'));
    let save: (value: SessionUser) => void = () => {};
    const d = deps({ changeLocale: vi.fn(() => new Promise<SessionUser>((resolve) => (save = resolve))) });
    const auth = store(d);
    auth.start();
    await vi.waitFor(() => expect(auth.getState().status).toBe('authenticated'));
    const saved = auth.changeLocale('pl');
    expect(auth.getState()).toEqual({ status: 'authenticated', user: { ...user, locale: 'pl' } });
    expect(d.changeLocale).toHaveBeenCalledWith('pl');
    save({ ...user, locale: 'pl' });
    await saved;
    expect(auth.getState().user?.locale).toBe('pl');
  });

  it('stays signed in when the server cannot be reached, and confirms the session once back online', async () => {
    setTokens(pair('t1'));
    const fetchSession = vi.fn<AuthDeps['fetchSession']>(async () => user);
    const auth = store(deps({ fetchSession }));
    auth.start();
    await vi.waitFor(() => expect(auth.getState().status).toBe('authenticated'));
    fetchSession.mockRejectedValueOnce(new ApiError({ kind: 'network', status: 0, message: 'No answer' }));
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(fetchSession).toHaveBeenCalledTimes(2));
    expect(auth.getState()).toEqual({ status: 'authenticated', user });
    expect(getTokens()?.token).toBe('t1');
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(fetchSession).toHaveBeenCalledTimes(3));
    expect(auth.getState().status).toBe('authenticated');
  });

  it('shows the account last confirmed on this device when a reload finds no connection', async () => {
    const offline = () => Promise.reject(new ApiError({ kind: 'network', status: 0, message: 'No answer' }));
    setTokens(pair('t1'));
    const first = store(deps());
    first.start();
    await vi.waitFor(() => expect(first.getState().status).toBe('authenticated'));
    first.reset();

    const fetchSession = vi.fn<AuthDeps['fetchSession']>(offline);
    const reloaded = store(deps({ fetchSession }));
    reloaded.start();
    await vi.waitFor(() => expect(fetchSession).toHaveBeenCalled());
    await vi.waitFor(() => expect(reloaded.getState()).toEqual({ status: 'authenticated', user }));

    // A new sign-in is maybe another account: with no answer, the remembered one is not shown for it.
    reloaded.reset();
    const signingIn = store(deps({ fetchSession }));
    await expect(signingIn.signIn(pair('t3'))).rejects.toThrow();
    expect(signingIn.getState().status).toBe('loading');
  });

  it('keeps the sign-in when its access token ran out and the renewal finds no connection', async () => {
    setTokens(pair('t1', Date.now() - 1000));
    const refresh = vi.fn<AuthDeps['refresh']>(() =>
      Promise.reject(new ApiError({ kind: 'network', status: 0, message: 'No answer' })),
    );
    const auth = store(deps({ refresh }));
    auth.start();
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(getTokens()?.refresh_token).toBe('r-t1');
    expect(auth.getState().status).not.toBe('unauthenticated');
  });

  it('signs out when a refetch on focus fails', async () => {
    setTokens(pair('t1'));
    const fetchSession = vi.fn<AuthDeps['fetchSession']>(async () => user);
    const auth = store(deps({ fetchSession }));
    auth.start();
    await vi.waitFor(() => expect(auth.getState().status).toBe('authenticated'));
    fetchSession.mockRejectedValueOnce(httpError(401));
    window.dispatchEvent(new Event('focus'));
    await vi.waitFor(() => expect(auth.getState().status).toBe('unauthenticated'));
    expect(getTokens()).toBeNull();
  });

  it('fetches the session every hour while signed in, and stops once signed out', async () => {
    // A token that lives longer than the test, so no renewal gets in the way.
    setTokens(pair('t1', Date.now() + 10 * HOUR));
    const d = deps();
    const auth = store(d);
    auth.start();
    // Not vi.waitFor: with fake timers it moves the clock while it polls.
    await vi.advanceTimersByTimeAsync(0);
    expect(auth.getState().status).toBe('authenticated');
    await vi.advanceTimersByTimeAsync(SESSION_REFETCH_MS - 1);
    expect(d.fetchSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(d.fetchSession).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(SESSION_REFETCH_MS);
    expect(d.fetchSession).toHaveBeenCalledTimes(3);

    await auth.signOut();
    await vi.advanceTimersByTimeAsync(3 * SESSION_REFETCH_MS);
    expect(d.fetchSession).toHaveBeenCalledTimes(3);
  });

  it('renews the token with the refresh token shortly before it expires, and stores the new pair', async () => {
    const expiresAt = Date.now() + 20 * 60_000;
    setTokens(pair('t1', expiresAt));
    const d = deps({ refresh: vi.fn(async () => pair('t2', Date.now() + HOUR)) });
    const auth = store(d);
    auth.start();
    await vi.waitFor(() => expect(auth.getState().status).toBe('authenticated'));

    await vi.advanceTimersByTimeAsync(expiresAt - REFRESH_AHEAD_MS - Date.now() - 1);
    expect(d.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(d.refresh).toHaveBeenCalledWith('r-t1');
    expect(getTokens()?.token).toBe('t2');
    expect(auth.getState().status).toBe('authenticated');
    expect(Date.now()).toBeLessThan(expiresAt);
  });

  it('signs out when the refresh token is refused (reused or invalid)', async () => {
    const expiresAt = Date.now() + 5 * 60_000;
    setTokens(pair('t1', expiresAt));
    const d = deps({ refresh: vi.fn(async () => Promise.reject(httpError(401))) });
    const auth = store(d);
    auth.start();
    await vi.waitFor(() => expect(auth.getState().status).toBe('authenticated'));
    await vi.advanceTimersByTimeAsync(expiresAt - Date.now());
    expect(d.refresh).toHaveBeenCalledTimes(1);
    expect(auth.getState().status).toBe('unauthenticated');
    expect(getTokens()).toBeNull();
  });

  it('renews an expired stored token before fetching the session', async () => {
    setTokens(pair('old', Date.now() - 1000));
    const d = deps({ refresh: vi.fn(async () => pair('fresh', Date.now() + HOUR)) });
    const auth = store(d);
    auth.start();
    await vi.waitFor(() => expect(auth.getState().status).toBe('authenticated'));
    expect(d.refresh).toHaveBeenCalledWith('r-old');
    expect(getTokens()?.token).toBe('fresh');
  });

  it('signs in: stores the tokens, fetches the session, resolves to the user', async () => {
    const d = deps();
    const auth = store(d);
    auth.start();
    await expect(auth.signIn(pair('t9'))).resolves.toEqual(user);
    expect(getTokens()?.token).toBe('t9');
    expect(d.fetchSession).toHaveBeenCalledTimes(1);
    expect(auth.getState().status).toBe('authenticated');
  });

  it('signs out: clears session and token at once, then calls logout with the token it had', async () => {
    setTokens(pair('t1'));
    const d = deps();
    const auth = store(d);
    auth.start();
    await vi.waitFor(() => expect(auth.getState().status).toBe('authenticated'));
    const done = auth.signOut();
    expect(auth.getState().status).toBe('unauthenticated');
    expect(getTokens()).toBeNull();
    await done;
    expect(d.logout).toHaveBeenCalledWith('t1');
  });

  it('ignores a session answer that arrives after signing out', async () => {
    setTokens(pair('t1'));
    let answer: (u: SessionUser) => void = () => undefined;
    const d = deps({ fetchSession: vi.fn(() => new Promise<SessionUser>((resolve) => (answer = resolve))) });
    const auth = store(d);
    auth.start();
    await auth.signOut();
    answer(user);
    await vi.advanceTimersByTimeAsync(0);
    expect(auth.getState().status).toBe('unauthenticated');
  });
});
