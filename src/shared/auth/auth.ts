import { useSyncExternalStore } from 'react';
import { type AuthState, createAuthStore } from './auth-store.ts';
import { sessionApi } from './session-api.ts';

/** The app's one auth state. */
export const auth = createAuthStore({ ...sessionApi, now: () => Date.now() });

export function useAuth(): AuthState {
  return useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
}

export type { AuthState } from './auth-store.ts';
