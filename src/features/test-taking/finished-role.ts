/** Which role (student or tutor) finished the last test, kept in session storage when a finish notice is confirmed. */
export const FINISHED_BY_ROLE_KEY = 'zalik:test-finished-by-role';

export function rememberFinishingRole(role: 'student' | 'tutor'): void {
  try {
    sessionStorage.setItem(FINISHED_BY_ROLE_KEY, role);
  } catch {
    // No session storage: the results still open, they only cannot tell who finished.
  }
}
