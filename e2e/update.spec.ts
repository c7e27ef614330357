import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test } from './fixtures.ts';

// The build the e2e server serves (playwright.config.ts: DIST_DIR=dist).
const SW_PATH = join('dist', 'sw.js');

/**
 * A new deploy while the app is open: the new service worker installs and waits, the page offers
 * it (prompt style, no surprise reload), and "Update now" lets it take over and reloads once.
 * The next deploy is simulated by adding a line to the built sw.js (put back afterwards): the
 * browser sees a changed worker script, exactly as after a real deploy. (Playwright's routing does
 * not see the browser's own fetch of a worker script, so it cannot stand in for the server here.)
 */
let originalWorker: string | null = null;
test.afterEach(() => {
  if (originalWorker !== null) writeWorker(originalWorker);
  originalWorker = null;
});

/** sw.js and the compressed copies the server prefers (scripts/vite/precompress.ts). */
function writeWorker(source: string): void {
  writeFileSync(SW_PATH, source);
  if (existsSync(`${SW_PATH}.br`)) writeFileSync(`${SW_PATH}.br`, brotliCompressSync(source));
  if (existsSync(`${SW_PATH}.gz`)) writeFileSync(`${SW_PATH}.gz`, gzipSync(source));
}

test('a new service worker is offered as an update and applied on request', async ({ page }) => {
  await page.goto('/en/student');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The first worker takes the page over by itself (clients.claim): no prompt for it.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByText('A new version of Zalik is ready')).toHaveCount(0);

  originalWorker = readFileSync(SW_PATH, 'utf8');
  writeWorker(`${originalWorker}\n// the next deploy\n`);
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });

  const prompt = page.getByText('A new version of Zalik is ready');
  await expect(prompt).toBeVisible();
  // Waiting, not in control: the page still runs on the old worker until the person agrees.
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting !== null))).toBe(
    true,
  );

  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Update now' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Still waiting after a reload would mean the page reloaded without letting the new worker in.
  const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null);
  expect(waiting).toBeNull();
  await expect(prompt).toHaveCount(0);
});

test('the service worker and its updates (workbox-window) are loaded only after the first paint', async ({ page }) => {
  await page.goto('/en/student');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    register:
      performance.getEntriesByType('resource').find((entry) => /\/assets\/register-[\w-]+\.js$/.test(entry.name))
        ?.startTime ?? null,
  }));
  expect(timing.paint).not.toBeNull();
  expect(timing.register).not.toBeNull();
  expect(timing.register as number).toBeGreaterThan(timing.paint as number);
});
