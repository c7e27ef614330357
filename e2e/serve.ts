/**
 * What Playwright runs as its web server: a local OpenID provider for the Google-type sign-in, then
 * the real Zalik server serving the built app on a fresh database.
 */
import { startDevProvider } from '../server/oidc/dev-provider.ts';

const publicUrl = process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3100}`;
const provider = await startDevProvider({ redirectUris: [`${publicUrl}/login/google/callback`] });
process.env.OIDC_ISSUER = provider.issuer;
process.env.OIDC_CLIENT_ID = provider.clientId;
process.env.OIDC_CLIENT_SECRET = provider.clientSecret;
process.env.PUBLIC_URL = publicUrl;
await import('../server/server.ts');
