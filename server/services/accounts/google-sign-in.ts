/**
 * The Google-type sign-in: OpenID Connect code flow with PKCE, state and nonce (openid-client).
 * The flow's secrets stay on the server; the browser carries the state, and a secret of its own in
 * a cookie that binds the flow to it: a callback from any other browser (an attacker's code and
 * state sent to a victim, to sign the victim into the attacker's account) is refused. The role
 * chosen on the registration form travels with the flow and is used when the account is new.
 * Messages are fixed and in the user's language: nothing the provider says is shown.
 */
import type { Kysely } from 'kysely';
import * as oidc from 'openid-client';
import type { Locale, TokenPair } from '../../../contract/index.ts';
import { toLine } from '../../../contract/text.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import { HttpError } from '../../http-error.ts';
import { message } from '../../i18n/messages.ts';
import type { Accounts } from './accounts.ts';
import { hashToken, tokenMatches } from './tokens.ts';

export const FLOW_TTL_MS = 10 * 60 * 1000;

export interface GoogleSignInOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  publicUrl: string;
  now: () => number;
  /** Where failures the user is not shown are written down. */
  log?: (error: unknown, what: string) => void;
}

/** The provider's discovery failed; the route answers 503 in the user's language. */
export class ProviderUnreachable extends Error {}

export class GoogleSignIn {
  private config: Promise<oidc.Configuration> | null = null;
  readonly redirectUri: string;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly accounts: Accounts,
    private readonly options: GoogleSignInOptions,
  ) {
    this.redirectUri = `${options.publicUrl}/login/google/callback`;
  }

  private configuration(): Promise<oidc.Configuration> {
    if (!this.config) {
      const url = new URL(this.options.issuer);
      const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
      this.config = oidc
        .discovery(url, this.options.clientId, this.options.clientSecret, undefined, {
          // Plain http is allowed for a provider on this machine only (the config refuses it elsewhere).
          ...(loopback && url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .catch((error: unknown) => {
          this.config = null;
          this.options.log?.(error, 'the sign-in provider cannot be reached');
          throw new ProviderUnreachable();
        });
    }
    return this.config;
  }

  /** `browserSecret`: the starting browser's cookie, which its callback must bring back. */
  async start(role: 'student' | 'tutor', locale: Locale, browserSecret: string): Promise<string> {
    const config = await this.configuration();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    const now = this.options.now();
    await this.db.deleteFrom('oidc_flows').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('oidc_flows')
      .values({
        state,
        code_verifier: verifier,
        nonce,
        role,
        locale,
        expires_at: now + FLOW_TTL_MS,
        browser_hash: hashToken(browserSecret),
      })
      .execute();
    return oidc
      .buildAuthorizationUrl(config, {
        redirect_uri: this.redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ui_locales: locale,
      })
      .toString();
  }

  /**
   * Finishes the flow from the query the provider sent the browser back with, in the browser that
   * started it (`browserSecret`: its cookie, or null).
   */
  async callback(query: Record<string, string>, browserSecret: string | null, locale: Locale): Promise<TokenPair> {
    const refuse = (key: Parameters<typeof message>[0], status = 400) => new HttpError(status, message(key, locale));
    if (query.error) throw refuse('googleNotCompleted');
    const state = query.state;
    if (!state || !query.code) throw refuse('googleIncomplete');
    const flow = await this.db.selectFrom('oidc_flows').selectAll().where('state', '=', state).executeTakeFirst();
    // One use only, and only in time: a replayed or stale answer starts nothing.
    await this.db.deleteFrom('oidc_flows').where('state', '=', state).execute();
    if (!flow || flow.expires_at < this.options.now()) throw refuse('googleExpired');
    if (!browserSecret || !flow.browser_hash || !tokenMatches(browserSecret, flow.browser_hash)) {
      throw refuse('googleOtherBrowser');
    }
    const config = await this.configuration();
    const currentUrl = new URL(this.redirectUri);
    for (const [key, value] of Object.entries(query)) currentUrl.searchParams.set(key, value);
    let claims: Record<string, unknown> | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.code_verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
      });
      const idToken = tokens.claims();
      claims = idToken;
      // Providers that keep the ID token lean give the e-mail at the userinfo endpoint instead.
      if (idToken && typeof idToken.email !== 'string') {
        claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
      }
    } catch (error) {
      this.options.log?.(error, 'the sign-in provider did not confirm a sign-in');
      throw refuse('googleNotConfirmed');
    }
    if (typeof claims?.sub !== 'string') throw refuse('googleNoAccount');
    const user = await this.userFor({ ...claims, sub: claims.sub }, flow.role, flow.locale as Locale, locale);
    return this.accounts.issueTokens(user);
  }

  private async userFor(
    claims: Record<string, unknown> & { sub: string },
    role: 'student' | 'tutor',
    accountLocale: Locale,
    locale: Locale,
  ): Promise<UsersTable> {
    const subject = `${this.options.issuer}#${claims.sub}`;
    const linked = await this.db
      .selectFrom('users')
      .selectAll()
      .where('google_subject', '=', subject)
      .executeTakeFirst();
    if (linked) return linked;
    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    // An address Zalik could not store or compare is no address.
    if (!email || toLine(email) !== email) throw new HttpError(400, message('googleNoEmail', locale));
    const verified = claims.email_verified === true;
    const existing = await this.accounts.findByEmail(email);
    if (existing) {
      // Only an address the provider vouches for may join an existing account.
      if (!verified) throw new HttpError(409, message('googleAddressTaken', locale));
      return this.accounts.linkExternalIdentity(existing, subject);
    }
    // Names from the provider are shown in the app: one line each, by the text rule.
    const text = (v: unknown, fallback: string) =>
      typeof v === 'string' && toLine(v).trim() ? toLine(v).trim().slice(0, 100) : fallback;
    return this.accounts.create({
      email,
      firstname: text(claims.given_name, text(claims.name, email.split('@')[0] ?? email)),
      lastname: text(claims.family_name, ''),
      password: null,
      role,
      locale: accountLocale,
      timezone: 'UTC',
      googleSubject: subject,
      emailVerified: verified,
    });
  }
}
