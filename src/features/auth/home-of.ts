import { LOCALE_PREFIX } from '../../i18n/locales.ts';
import { paths, type Role } from '../../shared/routing/paths.ts';

// Apart from shared/routing/paths.ts, which every first visit loads: only the auth modals need these.

/** Whose page a path is (with or without its language): the tutor's workspace and catalog, or a student's. */
export function roleOfPage(pathname: string): Role {
  return /^\/(?:tutor|test-tutor)(?:\/|$)/.test(pathname.replace(LOCALE_PREFIX, '')) ? 'tutor' : 'student';
}

/** Where a signed-in user's own pages begin: a tutor's workspace, a student's account. */
export const homeOf = (role: Role) => (role === 'tutor' ? paths.home('tutor') : paths.account());
