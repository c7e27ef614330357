import type { Page } from '@playwright/test';

/** The running test has every block of its session in IndexedDB: from here it needs no connection. */
export async function waitForStoredBlocks(page: Page) {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('zalik-offline');
        open.onsuccess = () => {
          const read = open.result.transaction('attempts').objectStore('attempts').getAll();
          read.onsuccess = () => {
            open.result.close();
            resolve(read.result.some((record: { blocks: unknown[] | null }) => (record.blocks?.length ?? 0) > 0));
          };
          read.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
  );
}
