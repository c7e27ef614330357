/**
 * Runs before any browser test or benchmark: the browser must be there before Playwright starts,
 * or a fresh machine fails deep inside it. Chromium at CHROMIUM_PATH (scripts/chromium.ts): nothing
 * to do. Missing, as root with apt-get at hand: Debian's `chromium` is installed. Missing otherwise
 * (or with CHROMIUM_AUTO_INSTALL=0): one line with the command to run, and exit 1 at once.
 *
 *   npx tsx scripts/ensure-chromium.ts
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { CHROMIUM_PATH } from './chromium.ts';

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && isExecutable(join(dir, command)));
}

export type BrowserPlan = 'present' | 'install' | 'ask';

/** What to do about the browser: nothing, install it here, or ask the user to. */
function browserPlan(env: NodeJS.ProcessEnv = process.env): BrowserPlan {
  if (isExecutable(env.CHROMIUM_PATH ?? CHROMIUM_PATH)) return 'present';
  const mayInstall = env.CHROMIUM_AUTO_INSTALL !== '0' && process.getuid?.() === 0 && onPath('apt-get');
  return mayInstall ? 'install' : 'ask';
}

function run(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const plan = browserPlan();
  if (plan === 'install') {
    console.log(`Chromium is missing at ${CHROMIUM_PATH}: installing Debian's chromium for the browser tests`);
    const installed = run('apt-get', ['update', '-qq']) && run('apt-get', ['install', '-y', '-qq', 'chromium']);
    if (!installed || browserPlan() !== 'present') {
      console.error(`Installing Chromium failed: run \`apt-get install -y chromium\` and try again`);
      process.exit(1);
    }
  } else if (plan === 'ask') {
    console.error(
      `Chromium is missing at ${CHROMIUM_PATH}, and the browser tests need it. Install it with:\n\n` +
        '  sudo apt-get install -y chromium\n\n' +
        '(or set CHROMIUM_PATH to a Chromium or Chrome of yours)',
    );
    process.exit(1);
  }
}
