import type { Page } from '@playwright/test';

/** The app is installed: its service worker controls the page, so it opens with no connection. */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
