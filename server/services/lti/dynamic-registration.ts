/**
 * LTI Dynamic Registration 1.0: a platform's administrator pastes a registration address that a Zalik
 * administrator made (one use, an hour); the platform opens it with its OpenID configuration's
 * address and a registration token; Zalik reads the configuration, registers itself at the
 * platform's registration endpoint (its login, launch and key set addresses, the messages and
 * scopes it uses), and keeps the client id (and deployment) the platform answers with.
 */
import type { Kysely } from 'kysely';
import type { Locale } from '../../../contract/locale.ts';
import type { DynamicRegistration } from '../../../contract/lti.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { message } from '../../i18n/messages.ts';
import { hashToken, newToken } from '../accounts/tokens.ts';
import { platformJson } from './platform-json.ts';
import { platformUrlProblem } from './platform-keys.ts';
import { type LtiPlatforms, type ToolOptions, toolUrls } from './platforms.ts';

export const LINK_TTL_MS = 3_600_000;
const TOOL_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-tool-configuration';
const PLATFORM_CONFIGURATION = 'https://purl.imsglobal.org/spec/lti-platform-configuration';
/** What Zalik asks to do: line items and scores (grades back), results, and the course's roster. */
export const TOOL_SCOPES = [
  'https://purl.imsglobal.org/spec/lti-ags/scope/lineitem',
  'https://purl.imsglobal.org/spec/lti-ags/scope/score',
  'https://purl.imsglobal.org/spec/lti-ags/scope/result.readonly',
  'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
];

interface OpenIdConfiguration {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  registration_endpoint: string;
  [PLATFORM_CONFIGURATION]?: { product_family_code?: unknown };
}

/** What Zalik tells a platform about itself: the same in the registration and Canvas's JSON. */
export function clientMetadata(publicUrl: string) {
  const urls = toolUrls(publicUrl);
  return {
    application_type: 'web',
    response_types: ['id_token'],
    grant_types: ['implicit', 'client_credentials'],
    initiate_login_uri: urls.login_url,
    redirect_uris: [urls.launch_url],
    client_name: 'Zalik',
    jwks_uri: urls.jwks_url,
    logo_uri: `${publicUrl}/icons/icon-192.png`,
    token_endpoint_auth_method: 'private_key_jwt',
    scope: TOOL_SCOPES.join(' '),
    [TOOL_CONFIGURATION]: {
      domain: new URL(publicUrl).host,
      target_link_uri: urls.launch_url,
      claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
      messages: [{ type: 'LtiDeepLinkingRequest', target_link_uri: urls.deep_linking_url, label: 'Zalik test' }],
      description: 'Timed online tests that survive bad Wi-Fi',
    },
  };
}

export class DynamicRegistrations {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly platforms: LtiPlatforms,
    private readonly options: ToolOptions,
  ) {}

  /** A one-use registration address, made by an administrator. */
  async newLink(by: string): Promise<{ url: string; expires_at: number }> {
    const token = newToken();
    const expires_at = this.options.now() + LINK_TTL_MS;
    await this.db
      .insertInto('lti_registration_links')
      .values({ token_hash: hashToken(token), created_by: by, expires_at, used_at: null })
      .execute();
    return { url: `${this.options.publicUrl}/lti?register=${token}`, expires_at };
  }

  async register(request: DynamicRegistration, locale: Locale): Promise<{ name: string; issuer: string }> {
    const hash = hashToken(request.token);
    const now = this.options.now();
    // Claimed before the platform is asked, so that two pages with one address register once.
    const claimed = await this.db
      .updateTable('lti_registration_links')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new HttpError(403, message('ltiRegistrationLinkInvalid', locale));
    try {
      const link = await this.db
        .selectFrom('lti_registration_links')
        .select('created_by')
        .where('token_hash', '=', hash)
        .executeTakeFirstOrThrow();
      return await this.registerWith(request, link.created_by, locale);
    } catch (error) {
      // A registration that failed leaves the address usable for another try within its hour.
      await this.db
        .updateTable('lti_registration_links')
        .set({ used_at: null })
        .where('token_hash', '=', hash)
        .execute();
      throw error;
    }
  }

  private async registerWith(request: DynamicRegistration, by: string, locale: Locale) {
    const unreadable = (reason: string) =>
      new HttpError(422, message('ltiConfigurationUnreadable', locale, { reason }));
    const configUrl = request.openid_configuration;
    if (platformUrlProblem(configUrl)) throw unreadable('https');
    const config = (await platformJson(configUrl, { method: 'GET' }, unreadable)) as Partial<OpenIdConfiguration>;
    for (const field of ['issuer', 'authorization_endpoint', 'token_endpoint', 'jwks_uri', 'registration_endpoint']) {
      const value = config[field as keyof OpenIdConfiguration];
      if (typeof value !== 'string' || platformUrlProblem(value)) throw unreadable(field);
    }
    const c = config as OpenIdConfiguration;
    // The configuration speaks for its own host only (Dynamic Registration §3.5.1).
    if (new URL(c.issuer).host !== new URL(configUrl).host) throw unreadable('issuer');
    const answer = (await platformJson(
      c.registration_endpoint,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(request.registration_token ? { authorization: `Bearer ${request.registration_token}` } : {}),
        },
        body: JSON.stringify(clientMetadata(this.options.publicUrl)),
      },
      (reason) => new HttpError(422, message('ltiRegistrationRefused', locale, { status: reason })),
    )) as { client_id?: unknown; [TOOL_CONFIGURATION]?: { deployment_id?: unknown } };
    if (typeof answer.client_id !== 'string' || !answer.client_id) throw unreadable('client_id');
    const family = c[PLATFORM_CONFIGURATION]?.product_family_code;
    const name = `${typeof family === 'string' && family ? family : 'LTI'} (${new URL(c.issuer).host})`;
    const deployment = answer[TOOL_CONFIGURATION]?.deployment_id;
    const platform = await this.platforms.add(
      {
        name: name.slice(0, 100),
        issuer: c.issuer,
        client_id: answer.client_id,
        login_url: c.authorization_endpoint,
        token_url: c.token_endpoint,
        jwks_url: c.jwks_uri,
        deployments: typeof deployment === 'string' && deployment ? [deployment] : [],
      },
      'dynamic',
      by,
      locale,
    );
    return { name: platform.name, issuer: platform.issuer };
  }
}
