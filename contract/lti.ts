/**
 * LTI 1.3: the calls a learning platform's browser makes to Zalik (login initiation, launch), the
 * app's trade of a launch for its account, and the registrations an administrator keeps.
 */
import { TokenPair } from './auth.ts';
import {
  array,
  boolean,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  size,
  string,
  type,
  union,
} from './structs.ts';

const Text = (max: number) => size(string(), 1, max);

/**
 * Third-party initiated login (LTI Core 1.3 §4.1; Security Framework §5.1.1), in a GET's query or a
 * POST's form. Platforms add parameters of their own (Canvas's `canvas_region`): those are ignored.
 */
export const LoginInitiation = type({
  iss: Text(255),
  login_hint: Text(2048),
  target_link_uri: Text(2048),
  lti_message_hint: optional(size(string(), 0, 4096)),
  client_id: optional(Text(255)),
  lti_deployment_id: optional(Text(255)),
  lti_storage_target: optional(Text(255)),
});
export type LoginInitiation = Infer<typeof LoginInitiation>;

/** The authentication response the platform posts back (OpenID Connect form post): a token, or an error. */
export const LaunchForm = type({
  id_token: optional(Text(60_000)),
  state: optional(Text(200)),
  error: optional(Text(200)),
  error_description: optional(size(string(), 0, 2000)),
});
export type LaunchForm = Infer<typeof LaunchForm>;

/**
 * Why a launch or a login was refused, as the app's page says it to the user (the server's log has
 * the exact check that failed, never the token).
 */
export const LAUNCH_REFUSALS = [
  'unknownPlatform',
  'target',
  'targetChanged',
  'cookies',
  'expired',
  'platform',
  'token',
  'role',
  'link',
  'notOwner',
  'malformed',
  'busy',
] as const;
export type LaunchRefusal = (typeof LAUNCH_REFUSALS)[number];

/** Where the app goes once the launch's account is signed in. */
export const LaunchDestination = union([
  /** A learner: the assignment's way in (its code). */
  type({ kind: literal('assignment'), code: string() }),
  /** An instructor: the assignment's monitor. */
  type({ kind: literal('monitor'), assignment_id: string() }),
  /** An instructor adding an activity: the choice of a test and its rules (deep linking). */
  type({ kind: literal('deepLinking'), request: string() }),
]);
export type LaunchDestination = Infer<typeof LaunchDestination>;

export const HandoffParams = object({ code: size(string(), 43, 43) });

/** What a launch's one-use code is traded for. */
export const Handoff = type({
  tokens: TokenPair,
  destination: LaunchDestination,
  locale: enums(['uk', 'en', 'ru', 'pl']),
});
export type Handoff = Infer<typeof Handoff>;

/** A registration's own fields: the platform's name, its issuer, Zalik's client id there, its endpoints. */
const platformFields = {
  name: string(),
  issuer: string(),
  client_id: string(),
  login_url: string(),
  token_url: string(),
  jwks_url: string(),
};

/** A platform registration as its administrator sees it. */
export const Platform = type({
  id: string(),
  ...platformFields,
  deployments: array(string()),
  enabled: boolean(),
  source: enums(['dynamic', 'manual']),
  created_at: number(),
});
export type Platform = Infer<typeof Platform>;

export const PlatformList = type({
  platforms: array(Platform),
  /** What a platform's administrator types into it for a manual registration. */
  tool: type({
    login_url: string(),
    launch_url: string(),
    jwks_url: string(),
    deep_linking_url: string(),
    canvas_configuration_url: string(),
  }),
});
export type PlatformList = Infer<typeof PlatformList>;

/** The manual form, for a platform without dynamic registration; field rules checked by the server. */
export const PlatformForm = object({ ...platformFields, deployments: size(array(string()), 0, 50) });
export type PlatformForm = Infer<typeof PlatformForm>;

export const PlatformParams = object({ id: size(string(), 1, 64) });

/** A registration turned on or off, renamed, or given other deployments. */
export const PlatformChange = object({
  name: optional(string()),
  enabled: optional(boolean()),
  deployments: optional(size(array(string()), 0, 50)),
});
export type PlatformChange = Infer<typeof PlatformChange>;

/** A one-use dynamic registration address, for a platform's administrator to paste. */
export const RegistrationLink = type({ url: string(), expires_at: number() });

/** What the registration page sends: its link's token and what the platform added to the address. */
export const DynamicRegistration = object({
  token: size(string(), 43, 43),
  openid_configuration: Text(2048),
  registration_token: optional(size(string(), 0, 4096)),
});
export type DynamicRegistration = Infer<typeof DynamicRegistration>;

export const Registered = type({ platform: type({ name: string(), issuer: string() }) });

export const CanvasConfiguration = type({ title: string(), oidc_initiation_url: string() });

export const DeepLinkParams = object({ id: size(string(), 36, 36) });

/** A teacher's "add an activity" from their platform, as the page that answers it shows it. */
export const DeepLinkRequest = type({
  id: string(),
  platform: string(),
  /** The course it is for, when the platform named it. */
  course: nullable(string()),
  expires_at: number(),
});
export type DeepLinkRequest = Infer<typeof DeepLinkRequest>;

/** The signed answer, for the page to post to the platform (a form with the field `JWT`). */
export const DeepLinkAnswer = type({ return_url: string(), jwt: string(), assignment_id: string() });
export type DeepLinkAnswer = Infer<typeof DeepLinkAnswer>;

/** A member of the course an activity is in, as its platform lists them (NRPS 2.0). */
export const RosterMember = type({
  name: string(),
  role: enums(['learner', 'teacher']),
  /** Whether they have started the assignment in Zalik (an attempt under their account). */
  started: boolean(),
});
export type RosterMember = Infer<typeof RosterMember>;

/**
 * The course's roster beside an assignment: `linked` false for an assignment not made from a
 * platform; `problem` a code when the platform could not be asked (`noService`, `unreachable`,
 * `answered:<status>`, `token:<status>`), with the last roster read, if any.
 */
export const Roster = type({
  linked: boolean(),
  members: array(RosterMember),
  read_at: nullable(number()),
  problem: nullable(string()),
});
export type Roster = Infer<typeof Roster>;
