import * as auth from '../../../contract/endpoints/auth.ts';
import type { Locale } from '../../../contract/locale.ts';
import { api } from '../api/api.ts';

/** The calls the auth state makes by itself; sign-in and registration live in the lazy auth chunk. */
export const sessionApi = {
  fetchSession: () => api(auth.currentUser),
  refresh: (refreshToken: string) => api(auth.refresh, { body: { refresh_token: refreshToken } }),
  changeLocale: (locale: Locale) => api(auth.changeLocale, { body: { locale } }),
  /** `token` names the sign-in to end: the store has already forgotten it. */
  logout: async (token: string) => {
    await api(auth.logout, { body: {}, headers: { authorization: `Bearer ${token}` } });
  },
};
