import type { Page } from '@playwright/test';

/**
 * Presses Tab (or Shift+Tab, `back`) until the focused element's accessible text (its aria-label,
 * its label, or its own text) contains `name`, or matches it; fails after `limit` presses.
 */
export async function tabTo(page: Page, name: string | RegExp, limit = 150, back = false) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      // Tabbing past the last control leaves the focus on <body>, whose text is the whole page's.
      if (!el || el === document.body) return '';
      const labelled = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
      return `${el.getAttribute('aria-label') ?? ''} ${labelled} ${el.innerText}`.trim();
    });
    if (typeof name === 'string' ? label.includes(name) : name.test(label)) return;
  }
  throw new Error(`never reached ${name} with Tab`);
}
