import { SessionUser, TokenPair } from '../../../contract/auth.ts';
import type { Locale } from '../../../contract/locale.ts';
import { AUTH_API } from '../../../contract/paths.ts';
import { getJson } from '../api/request.ts';
import { sendJson } from './send-json.ts';

/** The calls the auth state makes by itself; sign-in and registration live in the lazy auth chunk. */
export const sessionApi = {
  fetchSession: () => getJson(AUTH_API.session, SessionUser),
  refresh: (refreshToken: string) => sendJson(AUTH_API.refresh, TokenPair, { refresh_token: refreshToken }),
  changeLocale: (locale: Locale) => sendJson(AUTH_API.session, SessionUser, { locale }, undefined, 'PATCH'),
  logout: async (token: string) => {
    await sendJson(AUTH_API.logout, null, {}, token);
  },
};
