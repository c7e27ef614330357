import { LOCALE_PREFIX, type Locale } from '../../i18n/locales.ts';

export type Role = 'student' | 'tutor';

export function isRole(value: unknown): value is Role {
  return value === 'student' || value === 'tutor';
}

const seg = encodeURIComponent;

/**
 * Paths inside a language, as the router under `/{lang}` expects them: a `<Link>` there prefixes
 * the language itself. `absolute` gives the full path for places outside it.
 */
export const paths = {
  home: (role: Role) => `/${role}`,
  tests: (role: Role) => `/test-${role}`,
  subject: (role: Role, subject: string) => `/test-${role}/${seg(subject)}`,
  specialization: (role: Role, subject: string, spec: string) => `/test-${role}/${seg(subject)}/${seg(spec)}`,
  test: (slug: string) => `/test/${seg(slug)}`,
  results: (uuid: string, apiToken: string) =>
    `/test/${seg(uuid)}/results-preview?${new URLSearchParams({ api_token: apiToken })}`,
  contacts: () => '/contacts',
  account: () => '/account',
  passedTests: () => '/account/passed-tests',
  passedTest: (uuid: string) => `/account/passed-test-${seg(uuid)}`,
  tutorTest: (id: string) => `/tutor/tests/${seg(id)}`,
  tutorTestPreview: (id: string) => `/tutor/tests/${seg(id)}/preview`,
  assignment: (code: string) => `/a/${seg(code)}`,
} as const;

/** A path with its language, for links and navigation outside the nested router. */
export function absolute(locale: Locale, path: string): string {
  return `/${locale}${path === '/' ? '' : path}`;
}

/**
 * The same page in another language: the path after the language prefix, the query and the
 * fragment are kept (`/en/test/x?a=1#b2` → `/pl/test/x?a=1#b2`).
 */
export function samePageIn(locale: Locale, pathname: string, search = '', hash = ''): string {
  const rest = pathname.replace(LOCALE_PREFIX, '');
  const query = search && !search.startsWith('?') ? `?${search}` : search;
  return `/${locale}${rest === '/' ? '' : rest}${query}${hash}`;
}

/** The static legal documents in `public/docs/{locale}/`, one per interface language, outside the app's routes. */
export function legalDocumentPath(locale: Locale, document: 'terms' | 'privacy'): string {
  return `/docs/${locale}/${document}.html`;
}
