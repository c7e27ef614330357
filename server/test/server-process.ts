import { type ChildProcess, spawn } from 'node:child_process';

/**
 * A real server process (server/server.ts) on `port` with its own data folder, no built app and
 * only errors logged; `env` adds to or overrides that (a database, a schema). Its error output goes
 * to `stderr`: inherited, or piped for a test that reads why it stopped.
 */
export function spawnServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
  stderr: 'inherit' | 'pipe' = 'inherit',
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DIST_DIR: 'none', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', stderr],
  });
}
