/** `npm start`: builds the PWA when the build is missing or older than its sources, then serves. */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'src',
  'locales',
  'workers',
  'public',
  'contract',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'package.json',
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), info.mtimeMs);
}

const built = join('dist', 'index.html');
const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
if (builtAt < Math.max(...SOURCES.map(newest))) {
  console.log(builtAt ? 'sources changed: rebuilding the app…' : 'building the app (first start)…');
  const result = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../server/server.ts');
