import type { SessionUser, TokenPair } from '../../../contract/auth.ts';
import { rememberedUser, rememberUser } from './remembered-user.ts';
import { clearTokens, getTokens, type StoredTokens, setTokens, subscribeTokens } from './token-store.ts';

/** Three auth states: loading until the session is known; authenticated exactly when session data exists. */
export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'authenticated'; user: SessionUser }
  | { status: 'unauthenticated'; user: null };

/** How often a signed-in user's session data is read again (hourly), ms. */
export const SESSION_REFETCH_MS = 3_600_000;
/** How long before the access token runs out it is renewed. */
export const REFRESH_AHEAD_MS = 60_000;
/** After a refresh that got no answer (offline), the next try. */
const REFRESH_RETRY_MS = 30_000;

export interface AuthDeps {
  fetchSession(): Promise<SessionUser>;
  refresh(refreshToken: string): Promise<TokenPair>;
  logout(token: string): Promise<void>;
  changeLocale(locale: SessionUser['locale']): Promise<SessionUser>;
  now(): number;
}

export type AuthStore = ReturnType<typeof createAuthStore>;

const LOADING: AuthState = { status: 'loading', user: null };
const SIGNED_OUT: AuthState = { status: 'unauthenticated', user: null };

function isNetworkFailure(error: unknown): boolean {
  return (error as { kind?: string } | null)?.kind === 'network';
}

/**
 * The auth state machine. The session is fetched on start, on window focus while the page is
 * visible and every hour while signed in; a failed fetch signs out. The access token is renewed
 * with the refresh token shortly before it expires; a refused refresh signs out.
 */
export function createAuthStore(deps: AuthDeps) {
  let state: AuthState = getTokens() ? LOADING : SIGNED_OUT;
  let started = false;
  let unsubscribeTokens = () => {};
  // Bumped by every sign-in, sign-out and fetch, so an answer that arrives late changes nothing.
  let generation = 0;
  let hourly: ReturnType<typeof setInterval> | undefined;
  let renewal: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<() => void>();

  function set(next: AuthState): void {
    state = next;
    for (const listener of listeners) listener();
  }

  function stopTimers(): void {
    clearInterval(hourly);
    clearTimeout(renewal);
    hourly = undefined;
    renewal = undefined;
  }

  function scheduleRenewal(tokens: StoredTokens, delay = tokens.expires_at - REFRESH_AHEAD_MS - deps.now()): void {
    clearTimeout(renewal);
    renewal = setTimeout(() => void renew(), Math.max(0, delay));
  }

  function signedIn(user: SessionUser): void {
    const tokens = getTokens();
    if (!tokens) {
      signedOut();
      return;
    }
    rememberUser(user);
    set({ status: 'authenticated', user });
    stopTimers();
    hourly = setInterval(() => void loadSession(), SESSION_REFETCH_MS);
    scheduleRenewal(tokens);
  }

  function signedOut(): void {
    generation += 1;
    stopTimers();
    if (getTokens()) clearTokens();
    rememberUser(null);
    if (state.status !== 'unauthenticated') set(SIGNED_OUT);
  }

  /** Renews the access token; false when the sign-in is over (refused, or no token to renew). */
  async function renew(): Promise<boolean> {
    const tokens = getTokens();
    if (!tokens) return false;
    const run = generation;
    try {
      const pair = await deps.refresh(tokens.refresh_token);
      if (run !== generation) return false;
      setTokens(pair);
      if (state.status === 'authenticated') signedIn(pair.user);
      return true;
    } catch (error) {
      if (run !== generation) return false;
      if (isNetworkFailure(error) && tokens.refresh_expires_at > deps.now()) {
        // No answer, but the refresh token still works: try again rather than sign out (a tutor
        // offline for an afternoon keeps the sign-in and the drafts made meanwhile).
        scheduleRenewal(tokens, REFRESH_RETRY_MS);
        return true;
      }
      console.error('The sign-in could not be renewed', error);
      signedOut();
      return false;
    }
  }

  /** Fetches the session: authenticated with its user, or signed out when that fails. */
  async function loadSession(): Promise<AuthState> {
    const tokens = getTokens();
    if (!tokens) {
      signedOut();
      return state;
    }
    if (tokens.expires_at - REFRESH_AHEAD_MS <= deps.now() && !(await renew())) return state;
    const run = ++generation;
    try {
      const user = await deps.fetchSession();
      if (run === generation) signedIn(user);
    } catch (error) {
      if (run !== generation) return state;
      if (isNetworkFailure(error)) {
        // No answer at all (school Wi-Fi gone): the sign-in is not refused, only unconfirmed. Signing
        // the student out here would lose their account view in the middle of a test; the fetch is
        // tried again when the connection comes back, on focus and hourly.
        console.warn('The session could not be fetched: no connection; trying again when online', error);
        // A reload with no connection shows the account last confirmed on this device.
        const known = state.status === 'loading' ? rememberedUser() : null;
        if (known) signedIn(known);
        return state;
      }
      console.error('The session could not be fetched', error);
      signedOut();
    }
    return state;
  }

  function onOnline(): void {
    if (getTokens()) void loadSession();
  }

  function onFocus(): void {
    if (document.visibilityState === 'visible' && getTokens()) void loadSession();
  }

  return {
    getState: () => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Once per page: the first session fetch and the focus listener. */
    start(): void {
      if (started) return;
      started = true;
      window.addEventListener('focus', onFocus);
      window.addEventListener('online', onOnline);
      unsubscribeTokens = subscribeTokens((fromOtherTab) => {
        if (fromOtherTab) void loadSession();
      });
      if (getTokens()) void loadSession();
    },
    /** Stores the tokens of a sign-in and fetches the session; resolves to the signed-in user. */
    async signIn(pair: TokenPair): Promise<SessionUser> {
      // New tokens may be another account's: the one remembered is not shown for them.
      rememberUser(null);
      setTokens(pair);
      set(LOADING);
      const after = await loadSession();
      if (after.status !== 'authenticated') throw new Error('The session could not be fetched after signing in');
      return after.user;
    },
    /** Forgets session and token at once, then tells the server (with the token it no longer keeps). */
    async signOut(): Promise<void> {
      const token = getTokens()?.token;
      signedOut();
      if (token) await deps.logout(token).catch((error: unknown) => console.error('Sign-out call failed', error));
    },
    refetch: loadSession,
    /**
     * The signed-in user chose another language: the state follows at once (so the redirect to the
     * user's language does not send them back), and the account keeps it for the next visit.
     */
    async changeLocale(locale: SessionUser['locale']): Promise<void> {
      if (state.status !== 'authenticated' || state.user.locale === locale) return;
      const run = generation;
      set({ status: 'authenticated', user: { ...state.user, locale } });
      try {
        const user = await deps.changeLocale(locale);
        if (run === generation && state.status === 'authenticated') set({ status: 'authenticated', user });
      } catch (error) {
        // Offline: the choice holds on this page; the next session fetch brings the account's back.
        console.warn('The language could not be saved to the account', error);
      }
    },
    /** For tests: back to the state of a fresh page with what storage holds now. */
    reset(): void {
      generation += 1;
      stopTimers();
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('online', onOnline);
      unsubscribeTokens();
      started = false;
      set(getTokens() ? LOADING : SIGNED_OUT);
    },
  };
}
