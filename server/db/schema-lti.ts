/** The LTI 1.3 tables (migrations 0023, 0024); server/db/schema.ts lists them in the database. */

/** One of the tool's signing keys (JWK JSON); published until it retires. */
export interface LtiKeysTable {
  kid: string;
  private_jwk: string;
  public_jwk: string;
  created_at: number;
  /** Null while it is the newest; set when the next key is made, an overlap later. */
  retires_at: number | null;
}

/** A learning platform Zalik is registered with: the issuer and the client id it gave Zalik. */
export interface LtiPlatformsTable {
  id: string;
  issuer: string;
  client_id: string;
  name: string;
  /** Its OpenID authorization endpoint, where a login is sent to be authenticated. */
  login_url: string;
  /** Its OAuth 2 token endpoint (grades and the roster). */
  token_url: string;
  jwks_url: string;
  /** 0: launches from it are refused; its data stays. */
  enabled: number;
  source: 'dynamic' | 'manual';
  created_by: string | null;
  created_at: number;
  updated_at: number;
}

export interface LtiDeploymentsTable {
  platform_id: string;
  deployment_id: string;
  created_at: number;
}

/** A login a platform started, until its launch comes back; used once. */
export interface LtiLoginsTable {
  state: string;
  nonce: string;
  platform_id: string;
  /** SHA-256 of the secret in the starting browser's cookie. */
  browser_hash: string;
  /** The target the login initiation named: the launch's `target_link_uri` claim must be it. */
  target_link_uri: string;
  expires_at: number;
}

/** The Zalik account a platform's user is. */
export interface LtiIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  created_at: number;
}

/** A launch's one-use code, traded by the app's page for the account's tokens and where to go. */
export interface LtiHandoffsTable {
  code_hash: string;
  user_id: string;
  /** JSON: contract/lti.ts LaunchDestination. */
  destination: string;
  expires_at: number;
}

/** A one-use dynamic registration address an administrator made. */
export interface LtiRegistrationLinksTable {
  token_hash: string;
  created_by: string;
  expires_at: number;
  used_at: number | null;
}

/** An assignment made from a platform's course by deep linking. */
export interface LtiLinksTable {
  assignment_id: string;
  platform_id: string;
  deployment_id: string;
  context_id: string | null;
  context_title: string | null;
  created_at: number;
  /** The activity's grade column at the platform, as its launches say; null before one said it. */
  lineitem_url: string | null;
  lineitems_url: string | null;
  /** The course's membership service, as its launches say. */
  memberships_url: string | null;
}

/** One change of an attempt's score, to send to the platform's gradebook (the durable queue). */
export interface LtiScoresTable {
  id: string;
  platform_id: string;
  assignment_id: string;
  session_uuid: string;
  user_id: string;
  /** The platform's user id (`sub`). */
  subject: string;
  kind: 'finish' | 'rescore' | 'mark';
  /** JSON: the AGS score as sent. */
  payload: string;
  created_at: number;
  state: 'waiting' | 'sent' | 'failed';
  attempts: number;
  next_at: number;
  claimed_until: number | null;
  last_error: string | null;
  sent_at: number | null;
}

/** A teacher's deep linking request, until answered. */
export interface LtiDeepLinksTable {
  id: string;
  user_id: string;
  platform_id: string;
  deployment_id: string;
  context_id: string | null;
  context_title: string | null;
  return_url: string;
  /** The request's opaque `data`, echoed in the answer. */
  data: string | null;
  expires_at: number;
  used_at: number | null;
}

export interface LtiTables {
  lti_keys: LtiKeysTable;
  lti_platforms: LtiPlatformsTable;
  lti_deployments: LtiDeploymentsTable;
  lti_logins: LtiLoginsTable;
  lti_identities: LtiIdentitiesTable;
  lti_handoffs: LtiHandoffsTable;
  lti_registration_links: LtiRegistrationLinksTable;
  lti_links: LtiLinksTable;
  lti_deep_links: LtiDeepLinksTable;
  lti_scores: LtiScoresTable;
}
