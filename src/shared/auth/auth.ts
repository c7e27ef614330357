import { useSyncExternalStore } from 'react';
import type { SessionUser, TokenPair } from '../../../contract/auth.ts';
import type { AuthState, AuthStore } from './auth-store.ts';
import { clearTokens, getTokens, subscribeTokens } from './token-store.ts';

/**
 * The app's one auth state, as the first page needs it: loading, authenticated or not. The state
 * machine behind it (auth-store.ts: session fetches, renewal, sign-out) and its calls are a chunk
 * of their own, fetched when there is a token to look after: a visitor's first visit never loads it.
 */
const listeners = new Set<() => void>();
let state: AuthState = initialState();
let loading: Promise<AuthStore> | null = null;
let loaded: AuthStore | null = null;
let started = false;
let unsubscribeTokens = () => {};

function initialState(): AuthState {
  return getTokens() ? { status: 'loading', user: null } : { status: 'unauthenticated', user: null };
}

function set(next: AuthState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

function engine(): Promise<AuthStore> {
  loading ??= import('./auth-engine.ts').then(({ createAppAuthStore }) => {
    const store = createAppAuthStore();
    store.subscribe(() => set(store.getState()));
    loaded = store;
    set(store.getState());
    return store;
  });
  return loading;
}

async function running(): Promise<AuthStore> {
  const store = await engine();
  store.start();
  return store;
}

export const auth = {
  getState: (): AuthState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Once per page: with a stored token (now, or later from another tab) the state machine takes over. */
  start(): void {
    if (started) return;
    started = true;
    unsubscribeTokens = subscribeTokens(() => {
      if (getTokens() && !loaded) void running();
    });
    if (getTokens()) void running();
  },
  async signIn(pair: TokenPair): Promise<SessionUser> {
    return (await running()).signIn(pair);
  },
  async signOut(): Promise<void> {
    if (loaded) return loaded.signOut();
    clearTokens();
    set({ status: 'unauthenticated', user: null });
  },
  /** The language switcher's choice, kept by the account when signed in (see auth-store.ts). */
  changeLocale(locale: SessionUser['locale']): void {
    if (loaded && state.status === 'authenticated') void loaded.changeLocale(locale);
  },
  async refetch(): Promise<AuthState> {
    return (await running()).refetch();
  },
  /** For tests: back to the state of a fresh page with what storage holds now. */
  reset(): void {
    unsubscribeTokens();
    started = false;
    loaded?.reset();
    set(loaded ? loaded.getState() : initialState());
  },
};

export function useAuth(): AuthState {
  return useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
}

export type { AuthState } from './auth-store.ts';
