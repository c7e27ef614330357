/**
 * The Google-type sign-in: OpenID Connect code flow with PKCE, state and nonce (openid-client).
 * The flow's secrets stay on the server; the browser carries only the state. The role chosen on the
 * registration form travels with the flow and is used when the account is new.
 */
import type { Kysely } from 'kysely';
import * as oidc from 'openid-client';
import type { Locale, TokenPair } from '../../contract/index.ts';
import type { Database, UsersTable } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import type { Accounts } from './accounts.ts';

const FLOW_TTL_MS = 10 * 60 * 1000;

export interface GoogleSignInOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  publicUrl: string;
  now: () => number;
}

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
          throw new HttpError(
            503,
            `The sign-in provider cannot be reached right now: ${(error as Error).message}`,
            undefined,
            {
              'retry-after': '30',
            },
          );
        });
    }
    return this.config;
  }

  async start(role: 'student' | 'tutor', locale: Locale): Promise<string> {
    const config = await this.configuration();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    const now = this.options.now();
    await this.db.deleteFrom('oidc_flows').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('oidc_flows')
      .values({ state, code_verifier: verifier, nonce, role, locale, expires_at: now + FLOW_TTL_MS })
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

  /** Finishes the flow from the query the provider sent the browser back with. */
  async callback(query: Record<string, string>): Promise<TokenPair> {
    if (query.error)
      throw new HttpError(400, `The sign-in was not completed: ${query.error_description ?? query.error}`);
    const state = query.state;
    if (!state || !query.code) throw new HttpError(400, 'The sign-in answer is incomplete: start the sign-in again');
    const flow = await this.db.selectFrom('oidc_flows').selectAll().where('state', '=', state).executeTakeFirst();
    // One use only, and only in time: a replayed or stale answer starts nothing.
    await this.db.deleteFrom('oidc_flows').where('state', '=', state).execute();
    if (!flow || flow.expires_at < this.options.now()) {
      throw new HttpError(400, 'This sign-in has expired or was already used: start the sign-in again');
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
      throw new HttpError(400, `The sign-in provider did not confirm this sign-in: ${(error as Error).message}`);
    }
    if (typeof claims?.sub !== 'string') throw new HttpError(400, 'The sign-in provider sent no account id');
    const user = await this.userFor({ ...claims, sub: claims.sub }, flow.role, flow.locale as Locale);
    return this.accounts.issueTokens(user);
  }

  private async userFor(
    claims: Record<string, unknown> & { sub: string },
    role: 'student' | 'tutor',
    locale: Locale,
  ): Promise<UsersTable> {
    const subject = `${this.options.issuer}#${claims.sub}`;
    const linked = await this.db
      .selectFrom('users')
      .selectAll()
      .where('google_subject', '=', subject)
      .executeTakeFirst();
    if (linked) return linked;
    const email = typeof claims.email === 'string' ? claims.email : '';
    if (!email) throw new HttpError(400, 'The sign-in provider did not share an e-mail address');
    const verified = claims.email_verified === true;
    const existing = await this.accounts.findByEmail(email);
    if (existing) {
      // Only an address the provider vouches for may join an existing account.
      if (!verified) throw new HttpError(409, 'An account with this e-mail exists: sign in with your password');
      await this.db
        .updateTable('users')
        .set({ google_subject: subject, email_verified_at: existing.email_verified_at ?? this.options.now() })
        .where('id', '=', existing.id)
        .execute();
      return (await this.accounts.findById(existing.id)) as UsersTable;
    }
    const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim() : fallback);
    return this.accounts.create({
      email,
      firstname: text(claims.given_name, text(claims.name, email.split('@')[0] ?? email)),
      lastname: text(claims.family_name, ''),
      password: null,
      role,
      locale,
      timezone: 'UTC',
      googleSubject: subject,
      emailVerified: verified,
    });
  }
}
