import type { AuthState } from '../shared/auth/auth-store.ts';

/** Where `/` and `/{lang}` lead : a signed-in tutor to the tutor page, anyone else to the student page. */
export function roleHome(auth: AuthState): '/student' | '/tutor' {
  return auth.user?.role === 'tutor' ? '/tutor' : '/student';
}
