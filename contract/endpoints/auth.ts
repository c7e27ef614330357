/** Accounts: registration, sign-in, the session, tokens, e-mail confirmation, the external sign-in. */
import {
  AuthConfig,
  CallbackQuery,
  ConfirmQuery,
  Done,
  GoogleRedirect,
  GoogleStartQuery,
  LocaleChange,
  LoginRequest,
  RefreshRequest,
  Registered,
  RegisterRequest,
  SessionUser,
  TokenPair,
} from '../auth.ts';
import { endpoint } from '../endpoint.ts';
import { NoBody, NoQuery } from '../requests.ts';

export const authConfig = endpoint({
  method: 'GET',
  path: '/v1/auth/config',
  query: NoQuery,
  answer: AuthConfig,
  status: 200,
  access: 'public',
  summary: 'Which sign-ins this server offers',
});

export const register = endpoint({
  method: 'POST',
  path: '/v1/auth/register',
  query: NoQuery,
  body: RegisterRequest,
  answer: Registered,
  status: 201,
  access: 'public',
  summary: 'Creates an account and mails the link that confirms its address',
});

export const login = endpoint({
  method: 'POST',
  path: '/v1/auth/login',
  query: NoQuery,
  body: LoginRequest,
  answer: TokenPair,
  status: 200,
  access: 'public',
  summary: 'Signs in with e-mail and password: an access token and a refresh token',
});

export const currentUser = endpoint({
  method: 'GET',
  path: '/v1/auth/session',
  query: NoQuery,
  answer: SessionUser,
  status: 200,
  access: 'user',
  summary: 'The signed-in user',
});

export const changeLocale = endpoint({
  method: 'PATCH',
  path: '/v1/auth/session',
  query: NoQuery,
  body: LocaleChange,
  answer: SessionUser,
  status: 200,
  access: 'user',
  summary: "Keeps the signed-in user's interface language",
  note: "the caller's own interface language",
});

export const refresh = endpoint({
  method: 'POST',
  path: '/v1/auth/refresh',
  query: NoQuery,
  body: RefreshRequest,
  answer: TokenPair,
  status: 200,
  access: 'secret',
  summary: 'New tokens for a refresh token, which is then used up (a second use ends the whole sign-in)',
  note: 'the refresh token in the body is the key',
});

export const logout = endpoint({
  method: 'POST',
  path: '/v1/auth/logout',
  query: NoQuery,
  body: NoBody,
  answer: Done,
  status: 200,
  access: 'user',
  summary: 'Signs out: the sign-in and its refresh tokens end',
});

export const confirmEmail = endpoint({
  method: 'GET',
  path: '/v1/auth/confirm-email',
  query: ConfirmQuery,
  answer: Registered,
  status: 200,
  access: 'secret',
  summary: 'Confirms the address from the mailed link; a browser is redirected to its account page',
  note: 'the mailed token is the key',
});

export const resendConfirmation = endpoint({
  method: 'POST',
  path: '/v1/auth/resend-confirmation',
  query: NoQuery,
  body: NoBody,
  answer: Done,
  status: 200,
  access: 'user',
  summary: 'Mails the confirmation link again',
  note: '409: these accounts are already confirmed',
});

export const googleStart = endpoint({
  method: 'GET',
  path: '/v1/login/google',
  query: GoogleStartQuery,
  answer: GoogleRedirect,
  status: 200,
  access: 'public',
  summary: "Starts the external sign-in: the provider's address, and a cookie binding it to this browser",
  note: '404: no provider configured on this server',
});

export const googleCallback = endpoint({
  method: 'GET',
  path: '/v1/login/google/callback',
  query: CallbackQuery,
  answer: TokenPair,
  status: 200,
  access: 'secret',
  summary: "Finishes the external sign-in with the provider's answer, in the browser that started it",
  note: '404: no provider configured; with one, only the browser that started the sign-in (its cookie) finishes it',
});
