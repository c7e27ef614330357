/**
 * A real OpenID provider (oidc-provider) on loopback for development and tests: the Google-type
 * sign-in runs its whole code flow with no outside network. Its built-in dev login form takes any
 * login name; the account's e-mail is that name at example.test (or the name itself if it has an @).
 */

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface DevProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

function claimsFor(login: string) {
  const email = login.includes('@') ? login : `${login}@example.test`;
  const name = login.split('@')[0] ?? login;
  const pretty = name.charAt(0).toUpperCase() + name.slice(1);
  return {
    sub: `dev-${login.toLowerCase()}`,
    email,
    email_verified: true,
    given_name: pretty,
    family_name: 'Tester',
    name: `${pretty} Tester`,
  };
}

export async function startDevProvider(options: {
  port?: number;
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}): Promise<DevProvider> {
  const clientId = options.clientId ?? 'zalik-dev';
  const clientSecret = options.clientSecret ?? 'zalik-dev-secret-not-for-production';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    // Like Google: the ID token itself carries the e-mail and the names.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => claimsFor(id) }),
    // Loopback only: cookies without the Secure flag so the dev login works over http.
    cookies: { long: { secure: false }, short: { secure: false } },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
