/**
 * The tutor's assignment pages, inside the language: the path builders' second part (paths.ts has
 * what every page needs), kept apart so that a first visit does not load them.
 */
export type AssignmentTab = 'monitor' | 'results' | 'analysis' | 'marking';

const seg = encodeURIComponent;

export const assignmentPaths = {
  list: () => '/tutor/assignments',
  /** The standing accommodations every assignment of the tutor applies. */
  accommodations: () => '/tutor/assignments/accommodations',
  /** Giving a test: one of the tutor's (`test`), a catalog lesson (`lesson`), or chosen on the page. */
  create: (what?: { test: string } | { lesson: string }) =>
    what
      ? `/tutor/assignments/new?${new URLSearchParams('test' in what ? { test: what.test } : { lesson: what.lesson })}`
      : '/tutor/assignments/new',
  assignment: (id: string, tab: AssignmentTab = 'monitor') =>
    `/tutor/assignments/${seg(id)}${tab === 'monitor' ? '' : `/${tab}`}`,
  attempt: (id: string, session: string) => `/tutor/assignments/${seg(id)}/attempts/${seg(session)}`,
} as const;
