import type { Page } from '@playwright/test';
import axe from 'axe-core';

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * Every axe violation on the page as it stands, one line each: its rule and where. axe (its default
 * rules, the whole document) is put into the page once per document and run there as often as a
 * test asks: @axe-core/playwright puts it in again and sets it up on every call, which took four
 * times as long as the check itself (1.2 s against 0.3 s a page here). Zalik's pages hold no frames.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const run = await (window.axe as typeof axe).run(document, { resultTypes: ['violations'] });
    return run.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}
