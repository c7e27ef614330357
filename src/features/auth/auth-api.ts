import type { LoginRequest, RegisterRequest } from '../../../contract/auth.ts';
import * as auth from '../../../contract/endpoints/auth.ts';
import { linkTest } from '../../../contract/endpoints/profile.ts';
import type { Locale } from '../../i18n/locales.ts';
import { api } from '../../shared/api/index.ts';

export const authApi = {
  login: (body: LoginRequest) => api(auth.login, { body }),
  register: (body: RegisterRequest) => api(auth.register, { body }),
  /** Where the browser goes to sign in with the external provider. */
  googleRedirect: async (locale: Locale, role?: 'student' | 'tutor') =>
    (await api(auth.googleStart, { query: { locale, role } })).redirect,
  /** The provider's answer, passed on as it came. */
  googleCallback: (query: Record<string, string>) => api(auth.googleCallback, { query }),
  linkTest: (item: string, apiToken: string) => api(linkTest, { body: { item, api_token: apiToken } }),
};
