import { string, type } from 'superstruct';
import {
  GoogleRedirect,
  type LoginRequest,
  Registered,
  type RegisterRequest,
  TokenPair,
} from '../../../contract/auth.ts';
import { API, AUTH_API } from '../../../contract/paths.ts';
import type { Locale } from '../../i18n/locales.ts';
import { getJson } from '../../shared/api/index.ts';
import { postJson } from '../../shared/api/post-json.ts';

const LinkedTest = type({ uuid: string(), status: string() });

export const authApi = {
  login: (body: LoginRequest) => postJson(AUTH_API.login, TokenPair, body),
  register: (body: RegisterRequest) => postJson(AUTH_API.register, Registered, body),
  /** Where the browser goes to sign in with the external provider. */
  googleRedirect: async (locale: Locale, role?: 'student' | 'tutor') =>
    (await getJson(API.google, GoogleRedirect, { locale, role })).redirect,
  /** The provider's answer, passed on as it came. */
  googleCallback: (query: Record<string, string>) => getJson(API.googleCallback, TokenPair, query),
  linkTest: (item: string, apiToken: string) => postJson(API.linkTest, LinkedTest, { item, api_token: apiToken }),
};
