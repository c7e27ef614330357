/** The `/v1` paths of the spec, written once for both sides. */
export const API = {
  subjects: '/v1/public/subjects/list',
  specializations: '/v1/public/specializations/list',
  lessons: '/v1/public/lessons/list',
  lesson: (id: string | number) => `/v1/public/lessons/${encodeURIComponent(String(id))}`,
  start: (id: string | number) => `/v1/public/lessons/${encodeURIComponent(String(id))}/start`,
  online: (uuid: string) => `/v1/public/lessons/online/${encodeURIComponent(uuid)}`,
  block: (uuid: string, blockId: string) =>
    `/v1/public/lessons/online/${encodeURIComponent(uuid)}/blocks/${encodeURIComponent(blockId)}`,
  answer: (uuid: string) => `/v1/public/lessons/online/${encodeURIComponent(uuid)}/answer`,
  finish: (uuid: string) => `/v1/public/lessons/online/${encodeURIComponent(uuid)}/finish`,
  results: (uuid: string) => `/v1/public/lessons/online/${encodeURIComponent(uuid)}/results`,
  mainPage: '/v1/public/main-page',
  subjectPageInfo: '/v1/public/subjects/page-info',
  specializationPageInfo: '/v1/public/specializations/page-info',
  completedTests: '/v1/profile/completed-tests',
  completedTest: (id: string) => `/v1/profile/completed-tests/${encodeURIComponent(id)}`,
  groupedDetails: (id: string) => `/v1/profile/completed-tests/${encodeURIComponent(id)}/grouped-details`,
  linkTest: '/v1/profile/link-test',
  google: '/v1/login/google',
  googleCallback: '/v1/login/google/callback',
} as const;

/** Sign-in, sign-up, sign-out, session and refresh: the spec leaves these paths to configuration. */
export const AUTH_API = {
  register: '/v1/auth/register',
  login: '/v1/auth/login',
  session: '/v1/auth/session',
  refresh: '/v1/auth/refresh',
  logout: '/v1/auth/logout',
  confirmEmail: '/v1/auth/confirm-email',
  resendConfirmation: '/v1/auth/resend-confirmation',
  config: '/v1/auth/config',
} as const;

/** Header carrying the interface language on every call. */
export const LANGUAGE_HEADER = 'application-language';
