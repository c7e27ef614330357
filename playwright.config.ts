import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from './scripts/chromium.ts';

/**
 * The built app served by the real server on a fresh database, driven in Debian's Chromium. The
 * spec files are shared between two projects, each with a server and a database of its own, so
 * that the two run side by side (one worker each) and share nothing; e2e/e2e-server.ts tells a test
 * which server is its own. The files are split so that each half takes about as long.
 */
const basePort = Number(process.env.E2E_PORT ?? 3100);
// Own servers of a test take basePort + 1 to + 10 (e2e/e2e-server.ts); the second main server is past them.
const ports = [basePort, basePort + 50] as const;
// Evaluated by the runner and by each worker; only the runner starts the servers, so its folders count.
const dataDirs: Record<string, string> = process.env.E2E_DATA_DIRS
  ? JSON.parse(process.env.E2E_DATA_DIRS)
  : Object.fromEntries(ports.map((port) => [port, mkdtempSync(join(tmpdir(), `zalik-e2e-${port}-`))]));
process.env.E2E_DATA_DIRS = JSON.stringify(dataDirs);

const url = (port: number) => `http://127.0.0.1:${port}`;
const FIRST_HALF = [
  'shell.spec.ts',
  'tutor-a11y.spec.ts',
  'offline.spec.ts',
  'queued-refusal-language.spec.ts',
  'pools-and-signals.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: PLAYWRIGHT_CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'one', testMatch: FIRST_HALF, use: { baseURL: url(ports[0]) } },
    { name: 'two', testIgnore: FIRST_HALF, use: { baseURL: url(ports[1]) } },
  ],
  webServer: ports.map((port) => ({
    command: 'node --import tsx e2e/serve.ts',
    url: `${url(port)}/v1/public/main-page`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDirs[port] as string,
      DIST_DIR: 'dist',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url(port),
    },
  })),
});
