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
    // Traces on request (PW_TRACE=1): recording one for every test, kept or not, cost a fifth of
    // the suite's time (the shell spec's route sweep: 37 s against 31 s, the machine's CPU 48 s
    // against 35 s). A failure still leaves its screenshot and error; run it again with PW_TRACE=1.
    trace: process.env.PW_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: PLAYWRIGHT_CHROMIUM_ARGS,
    },
  },
});
