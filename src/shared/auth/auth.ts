import { useSyncExternalStore } from 'react';
import { type AuthState, createAuthStore } from './auth-store.ts';

// The calls behind the state come with the first one: a visitor without a token never needs them.
const api = () => import('./session-api.ts').then((module) => module.sessionApi);

/** The app's one auth state. */
export const auth = createAuthStore({
  fetchSession: async () => (await api()).fetchSession(),
  refresh: async (refreshToken) => (await api()).refresh(refreshToken),
  logout: async (token) => (await api()).logout(token),
  now: () => Date.now(),
});

export function useAuth(): AuthState {
  return useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
}

export type { AuthState } from './auth-store.ts';
