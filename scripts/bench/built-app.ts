import { existsSync } from 'node:fs';

/**
 * The browser benchmarks measure the built app as the server serves it: without `dist/` the server
 * answers every page with its API-only 404 and the benchmark would wait for a button until its
 * timeout, so it stops here with the command that fixes it.
 */
export function requireBuiltApp(distDir = 'dist'): void {
  if (existsSync(`${distDir}/index.html`)) return;
  console.error(`${distDir}/index.html is missing: run \`npm run build\` first`);
  process.exit(1);
}
