import { createAuthStore } from './auth-store.ts';
import { sessionApi } from './session-api.ts';

/** The app's auth state machine with its real calls (loaded by auth.ts once there is a token to look after). */
export function createAppAuthStore() {
  return createAuthStore({ ...sessionApi, now: () => Date.now() });
}
