/**
 * Checking an LTI 1.3 launch's `id_token` (LTI Core 1.3 §5.1.2–5.4, Security Framework 1.0 §5.1.3),
 * every JWT step by `jose`: the signature by the platform's key set (RS256 only, the key found by its
 * `kid`, a rotated set read again at once), `iss` the platform's, `aud` the tool's client id (with several
 * audiences, `azp` must name it), `exp` and `iat` with a minute's leeway and `iat` no older than ten
 * minutes, the `nonce` the one this browser's login made, a deployment the platform registered, and
 * the LTI claims a message of its type must have. Each refusal names what was wrong.
 */
import { errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { KeySetUnavailable } from './platform-keys.ts';

export const LTI = 'https://purl.imsglobal.org/spec/lti/claim/';
export const LTI_DL = 'https://purl.imsglobal.org/spec/lti-dl/claim/';

/** The platform as the tool registered it. */
export interface PlatformRegistration {
  issuer: string;
  clientId: string;
  deployments: readonly string[];
  /** Its key set, read from its JWKS URL (platform-keys.ts). */
  keys: JWTVerifyGetKey;
}

export type LaunchProblem =
  | 'signature'
  | 'algorithm'
  | 'unknownKey'
  | 'keySet'
  | 'malformed'
  | 'issuer'
  | 'audience'
  | 'authorizedParty'
  | 'expired'
  | 'issuedAt'
  | 'nonce'
  | 'deployment'
  | 'messageType'
  | 'version'
  | 'roles'
  | 'subject'
  | 'resourceLink'
  | 'targetLink'
  | 'deepLinkSettings';

export class LaunchRefused extends Error {
  constructor(readonly problem: LaunchProblem) {
    super(`LTI launch refused: ${problem}`);
    this.name = 'LaunchRefused';
  }
}

export type MessageType = 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';

export interface CheckedLaunch {
  messageType: MessageType;
  subject: string;
  deploymentId: string;
  roles: string[];
  /** The token's whole payload, for the claims a step after this one reads (context, AGS, names). */
  claims: JWTPayload & Record<string, unknown>;
}

const LEEWAY_S = 60;
const MAX_AGE = '10m';

function fromJose(error: unknown): LaunchRefused {
  if (error instanceof KeySetUnavailable) return new LaunchRefused('keySet');
  if (error instanceof errors.JWSSignatureVerificationFailed) return new LaunchRefused('signature');
  if (error instanceof errors.JOSEAlgNotAllowed) return new LaunchRefused('algorithm');
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys)
    return new LaunchRefused('unknownKey');
  if (error instanceof errors.JWTExpired) return new LaunchRefused('expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return new LaunchRefused('issuer');
    if (error.claim === 'aud') return new LaunchRefused('audience');
    if (error.claim === 'iat' || error.claim === 'nbf') return new LaunchRefused('issuedAt');
  }
  return new LaunchRefused('malformed');
}

const isText = (value: unknown, max = 255): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max;

/**
 * The launch's claims once every check passed; `nonce` is the one stored for this browser's login
 * (the caller removes it as it is used, so a replay finds none); `now` in ms.
 */
export async function checkIdToken(
  token: string,
  platform: PlatformRegistration,
  nonce: string,
  now: number,
): Promise<CheckedLaunch> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, platform.keys, {
      algorithms: ['RS256'],
      issuer: platform.issuer,
      audience: platform.clientId,
      clockTolerance: LEEWAY_S,
      maxTokenAge: MAX_AGE,
      currentDate: new Date(now),
      requiredClaims: ['iat', 'exp', 'nonce'],
    }));
  } catch (error) {
    throw fromJose(error);
  }
  const claims = payload as JWTPayload & Record<string, unknown>;
  // A token from the future (a platform clock far ahead, or one made to last) is not taken.
  if (typeof claims.iat !== 'number' || claims.iat > now / 1000 + LEEWAY_S) throw new LaunchRefused('issuedAt');
  // Several audiences: the one authorized party must be this tool (OpenID Connect Core §3.1.3.7).
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== platform.clientId)
    throw new LaunchRefused('authorizedParty');
  if (claims.azp !== undefined && claims.azp !== platform.clientId) throw new LaunchRefused('authorizedParty');
  if (claims.nonce !== nonce) throw new LaunchRefused('nonce');
  const deploymentId = claims[`${LTI}deployment_id`];
  if (!isText(deploymentId) || !platform.deployments.includes(deploymentId)) throw new LaunchRefused('deployment');
  const messageType = claims[`${LTI}message_type`];
  if (messageType !== 'LtiResourceLinkRequest' && messageType !== 'LtiDeepLinkingRequest')
    throw new LaunchRefused('messageType');
  if (claims[`${LTI}version`] !== '1.3.0') throw new LaunchRefused('version');
  const roles = claims[`${LTI}roles`];
  if (!Array.isArray(roles) || !roles.every((role) => typeof role === 'string')) throw new LaunchRefused('roles');
  // Zalik ties every launch to an account: an anonymous launch (no `sub`) has none to tie.
  if (!isText(claims.sub)) throw new LaunchRefused('subject');
  if (messageType === 'LtiResourceLinkRequest') {
    const link = claims[`${LTI}resource_link`] as { id?: unknown } | undefined;
    if (!link || !isText(link.id)) throw new LaunchRefused('resourceLink');
    if (!isText(claims[`${LTI}target_link_uri`], 2048)) throw new LaunchRefused('targetLink');
  } else {
    const settings = claims[`${LTI_DL}deep_linking_settings`] as { deep_link_return_url?: unknown } | undefined;
    if (!settings || !isText(settings.deep_link_return_url, 2048)) throw new LaunchRefused('deepLinkSettings');
  }
  return { messageType, subject: claims.sub, deploymentId, roles: roles as string[], claims };
}
