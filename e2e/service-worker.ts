import type { Page } from '@playwright/test';

/** The app is installed: its service worker controls the page, so it opens with no connection. */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  try {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  } catch {
    // The worker claims the open pages when it activates; once (one full run in many), a page
    // loaded while it was activating stayed uncontrolled for two minutes. Its next load is
    // controlled, as a user's next visit is: the page must then be.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }
}
