import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from './scripts/chromium.ts';

/**
 * The built app served by the real server on a fresh database, driven in Debian's Chromium. Each
 * worker starts a server and a database of its own (e2e/fixtures.ts), so the workers share nothing
 * and take the spec files as they come free; a spec's tests run in order in one worker.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // One per core: the servers and the browsers share them.
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
});
