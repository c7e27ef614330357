/**
 * LTI 1.3: what Zalik publishes as a tool, the calls a learning platform sends a browser to, the
 * app's trade of a launch for its account, and the registrations an administrator keeps.
 */

import { AssignmentParams, CreateAssignmentRequest } from '../assignments.ts';
import { endpoint } from '../endpoint.ts';
import {
  CanvasConfiguration,
  DeepLinkAnswer,
  DeepLinkParams,
  DeepLinkRequest,
  DynamicRegistration,
  Handoff,
  HandoffParams,
  LaunchForm,
  LoginInitiation,
  Platform,
  PlatformChange,
  PlatformForm,
  PlatformList,
  PlatformParams,
  Registered,
  RegistrationLink,
  Roster,
} from '../lti.ts';
import { NoBody, NoQuery } from '../requests.ts';
import { array, type } from '../structs.ts';

/** A JSON Web Key Set (RFC 7517): the tool's public RS256 keys, each an object of its members. */
const KeySet = type({ keys: array(type({})) });
const ADMIN = '403: only the administrators the server names (LTI_ADMINS) keep platform registrations';

export const ltiKeys = endpoint({
  method: 'GET',
  path: '/v1/lti/jwks',
  query: NoQuery,
  answer: KeySet,
  status: 200,
  access: 'public',
  bare: true,
  summary:
    'The tool’s public keys for LTI 1.3 (a JSON Web Key Set): platforms check what Zalik signs with them; a replaced key stays listed for 14 days',
});

export const ltiLogin = endpoint({
  method: 'GET',
  path: '/v1/lti/login',
  query: LoginInitiation,
  answer: type({}),
  status: 302,
  access: 'public',
  summary:
    'LTI login initiation from a platform: sends the browser to the platform to authenticate, with a state and nonce bound to it by a cookie',
  note: 'a refusal (unknown platform, another site’s target) sends the browser to the app’s LTI page saying why',
});

export const ltiLoginForm = endpoint({
  method: 'POST',
  path: '/v1/lti/login',
  query: NoQuery,
  body: LoginInitiation,
  form: true,
  answer: type({}),
  status: 302,
  access: 'public',
  summary: 'The same login initiation, posted as a form',
});

export const ltiLaunch = endpoint({
  method: 'POST',
  path: '/v1/lti/launch',
  query: NoQuery,
  body: LaunchForm,
  form: true,
  answer: type({}),
  status: 303,
  access: 'secret',
  summary:
    'The platform’s signed launch, posted by the browser that started the login: checked, then the browser goes on to the app with a one-use code',
  note: 'the state with its browser’s cookie is the key; any refusal sends the browser to the app’s LTI page saying why',
});

export const ltiHandoff = endpoint({
  method: 'POST',
  path: '/v1/lti/handoffs/:code',
  params: HandoffParams,
  query: NoQuery,
  body: NoBody,
  answer: Handoff,
  status: 200,
  access: 'secret',
  summary: 'Trades a launch’s one-use code (two minutes) for its account’s tokens and where to go',
  note: 'the code is the key; used once',
});

export const ltiPlatforms = endpoint({
  method: 'GET',
  path: '/v1/lti/platforms',
  query: NoQuery,
  answer: PlatformList,
  status: 200,
  access: 'tutor',
  summary: 'The learning platforms Zalik is registered with, and the addresses a platform is given',
  note: ADMIN,
});

export const ltiAddPlatform = endpoint({
  method: 'POST',
  path: '/v1/lti/platforms',
  query: NoQuery,
  body: PlatformForm,
  answer: Platform,
  status: 201,
  access: 'tutor',
  summary: 'Registers a platform by hand (issuer, client id, its endpoints, deployments)',
  note: ADMIN,
});

export const ltiChangePlatform = endpoint({
  method: 'PATCH',
  path: '/v1/lti/platforms/:id',
  params: PlatformParams,
  query: NoQuery,
  body: PlatformChange,
  answer: Platform,
  status: 200,
  access: 'tutor',
  summary: 'Turns a registration on or off, renames it, or changes its deployments',
  note: ADMIN,
});

export const ltiRegistrationLink = endpoint({
  method: 'POST',
  path: '/v1/lti/registration-links',
  query: NoQuery,
  body: NoBody,
  answer: RegistrationLink,
  status: 201,
  access: 'tutor',
  summary: 'A one-use dynamic registration address (an hour) to paste into a platform',
  note: ADMIN,
});

export const ltiRegister = endpoint({
  method: 'POST',
  path: '/v1/lti/register',
  query: NoQuery,
  body: DynamicRegistration,
  answer: Registered,
  status: 201,
  access: 'secret',
  summary:
    'LTI Dynamic Registration: reads the platform’s OpenID configuration, registers Zalik with it and keeps what it answers',
  note: 'the registration address’s one-use token is the key',
});

export const ltiCanvasConfiguration = endpoint({
  method: 'GET',
  path: '/v1/lti/canvas.json',
  query: NoQuery,
  answer: CanvasConfiguration,
  status: 200,
  access: 'public',
  bare: true,
  summary: 'The tool’s configuration as Canvas reads it for a developer key (paste its address)',
});

export const ltiDeepLink = endpoint({
  method: 'GET',
  path: '/v1/lti/deep-links/:id',
  params: DeepLinkParams,
  query: NoQuery,
  answer: DeepLinkRequest,
  status: 200,
  access: 'tutor',
  summary: 'A teacher’s “add an activity” from their platform: which platform and course it is for',
  note: 'the teacher the platform launched only; 410 once expired (two hours), 409 once answered',
});

export const ltiCompleteDeepLink = endpoint({
  method: 'POST',
  path: '/v1/lti/deep-links/:id',
  params: DeepLinkParams,
  query: NoQuery,
  body: CreateAssignmentRequest,
  answer: DeepLinkAnswer,
  status: 201,
  access: 'tutor',
  summary:
    'Gives the chosen test as an assignment linked to the course, and the signed answer for the page to post back to the platform',
  note: 'the teacher the platform launched only; once',
});

export const ltiRoster = endpoint({
  method: 'GET',
  path: '/v1/tutor/assignments/:id/roster',
  params: AssignmentParams,
  query: NoQuery,
  answer: Roster,
  status: 200,
  access: 'tutor',
  summary:
    'The course’s members as its learning platform lists them (read on demand, kept a minute), and who has started',
  note: 'another tutor’s assignment reads as not found',
});
