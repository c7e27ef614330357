/**
 * `npm run dev`: a local OpenID provider (unless OIDC_* is set), the API (restarting on change) on
 * PORT, and Vite with hot reload in front of it on http://127.0.0.1:5173.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { startDevProvider } from '../server/oidc/dev-provider.ts';

const port = process.env.PORT ?? '3000';
const publicUrl = process.env.PUBLIC_URL ?? 'http://127.0.0.1:5173';
const env: Record<string, string | undefined> = { ...process.env, PORT: port, DIST_DIR: 'none', PUBLIC_URL: publicUrl };

const provider = process.env.OIDC_ISSUER
  ? null
  : await startDevProvider({ port: 3901, redirectUris: [`${publicUrl}/login/google/callback`] });
if (provider) {
  Object.assign(env, {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
  });
  console.log(`local OpenID provider on ${provider.issuer} (any login name signs in)`);
}

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/server.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit', env: { ...process.env, ZALIK_API_PORT: port } }),
];

function stop() {
  for (const child of children) child.kill('SIGTERM');
  void provider?.close();
}
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
