/**
 * Access tokens for a platform's services (LTI Advantage: 1EdTech Security Framework §4.1): the
 * OAuth 2 client credentials grant with a JWT assertion signed by the tool's key (`iss` and `sub`
 * the client id, `aud` the token endpoint, a minute's life, a unique `jti`), for the scopes asked.
 * Kept per platform and scopes until a minute before they expire, or until a service refuses one.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { LtiPlatformsTable } from '../../db/schema-lti.ts';
import type { ToolKeys } from './tool-keys.ts';

/** The platform could not be reached or did not give a token: `status` 0 for no answer at all. */
export class TokenRefused extends Error {
  constructor(readonly status: number) {
    super(status ? `the token endpoint answered ${status}` : 'the token endpoint could not be reached');
    this.name = 'TokenRefused';
  }
}

const TIMEOUT_MS = 10_000;

export class AccessTokens {
  private readonly kept = new Map<string, { token: string; until: number }>();

  constructor(
    private readonly keys: ToolKeys,
    private readonly now: () => number,
  ) {}

  async get(platform: LtiPlatformsTable, scopes: readonly string[]): Promise<string> {
    const key = `${platform.id} ${scopes.join(' ')}`;
    const kept = this.kept.get(key);
    if (kept && kept.until > this.now()) return kept.token;
    const signing = await this.keys.signing();
    const seconds = Math.floor(this.now() / 1000);
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: signing.kid, typ: 'JWT' })
      .setIssuer(platform.client_id)
      .setSubject(platform.client_id)
      .setAudience(platform.token_url)
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + 60)
      .setJti(randomUUID())
      .sign(signing.key);
    let response: Response;
    try {
      response = await fetch(platform.token_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
          scope: scopes.join(' '),
        }),
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new TokenRefused(0);
    }
    if (!response.ok) throw new TokenRefused(response.status);
    const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw new TokenRefused(response.status);
    const life = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in * 1000 : 3_600_000;
    this.kept.set(key, { token: body.access_token, until: this.now() + Math.max(0, life - 60_000) });
    return body.access_token;
  }

  /** A service refused the token (revoked, or the platform restarted): the next call asks again. */
  forget(platformId: string): void {
    for (const key of this.kept.keys()) if (key.startsWith(`${platformId} `)) this.kept.delete(key);
  }
}
