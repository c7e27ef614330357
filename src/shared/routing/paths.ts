import type { Locale } from '../../i18n/locales.ts';

export type Role = 'student' | 'tutor';
export const ROLES: readonly Role[] = ['student', 'tutor'];

export function isRole(value: unknown): value is Role {
  return value === 'student' || value === 'tutor';
}

const seg = encodeURIComponent;

/**
 * Paths inside a language, as wouter's nested router under `/{lang}` expects them: a `<Link>`
 * there prefixes the language itself. `absolute` gives the full path for places outside it.
 */
export const paths = {
  home: (role: Role) => `/${role}`,
  subject: (role: Role, subject: string) => `/test-${role}/${seg(subject)}`,
  specialization: (role: Role, subject: string, spec: string) => `/test-${role}/${seg(subject)}/${seg(spec)}`,
  test: (slug: string) => `/test/${seg(slug)}`,
  results: (uuid: string, apiToken: string) =>
    `/test/${seg(uuid)}/results-preview?${new URLSearchParams({ api_token: apiToken })}`,
} as const;

/** A path with its language, for links and navigation outside the nested router. */
export function absolute(locale: Locale, path: string): string {
  return `/${locale}${path === '/' ? '' : path}`;
}
