/** Accounts: registration, sign-in, the session, tokens and the Google-type sign-in. */
import { AudienceStruct } from './catalog.ts';
import {
  boolean,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  record,
  size,
  string,
  type,
  union,
} from './structs.ts';

export const PASSWORD_MIN = 8;
/** An e-mail address as both sides take it: something, an @, and a domain with a dot. */
export const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
export const NAME_MIN = 3;

/** Field rules are checked by the server with messages in the request's language (server/i18n). */
export const RegisterRequest = object({
  accept_policy: union([literal(0), literal(1)]),
  email: string(),
  firstname: string(),
  lastname: string(),
  password: string(),
  password_confirmation: string(),
  role: AudienceStruct,
  timezone: optional(size(string(), 0, 64)),
});
export type RegisterRequest = Infer<typeof RegisterRequest>;

export const LoginRequest = object({ email: string(), password: string() });
export type LoginRequest = Infer<typeof LoginRequest>;

export const RefreshRequest = object({ refresh_token: size(string(), 1, 200) });

/** `PATCH /v1/auth/session`: the signed-in user chose another interface language. */
export const LocaleChange = object({ locale: enums(['uk', 'en', 'ru', 'pl']) });
export type LocaleChange = Infer<typeof LocaleChange>;

export const SessionUser = type({
  id: string(),
  email: string(),
  firstname: string(),
  lastname: string(),
  role: AudienceStruct,
  locale: enums(['uk', 'en', 'ru', 'pl']),
  email_verified: boolean(),
  /** Only when true: the account keeps learning platform registrations (the server's LTI_ADMINS). */
  lti_admin: optional(literal(true)),
});
export type SessionUser = Infer<typeof SessionUser>;

/** What sign-in, refresh and the Google callback answer. Times are epoch ms. */
export const TokenPair = type({
  token: string(),
  refresh_token: string(),
  expires_at: number(),
  refresh_expires_at: number(),
  user: SessionUser,
});
export type TokenPair = Infer<typeof TokenPair>;

export const Registered = type({ user: SessionUser });

export const GoogleRedirect = type({ redirect: string() });
export const GoogleStartQuery = object({
  role: optional(AudienceStruct),
  locale: optional(enums(['uk', 'en', 'ru', 'pl'])),
});

export const AuthConfig = type({ google: boolean(), confirm_email_sent_to: optional(nullable(string())) });

export const Done = type({ ok: literal(true) });

/** The link in the confirmation mail; `format=json` (or an Accept of JSON) answers instead of redirecting. */
export const ConfirmQuery = object({ token: size(string(), 1, 200), format: optional(string()) });

/** What the external provider sent the browser back with, passed on as it came. */
export const CallbackQuery = record(size(string(), 1, 40), size(string(), 0, 4000));
