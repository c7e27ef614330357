import { expect, type Page } from '@playwright/test';

/**
 * WCAG 1.4.10 (reflow): at 320 CSS px (a small phone, or a laptop at 400 % zoom) the page scrolls
 * one way only. A data table may scroll inside its own box; the page itself never sideways.
 */
export async function expectReflow(page: Page, where: string): Promise<void> {
  const { scroll, client, widest } = await page.evaluate(() => {
    const root = document.documentElement;
    // The element reaching furthest right outside a box of its own that scrolls, to name in a failure.
    let widest = '';
    let right = root.clientWidth;
    const scrolled = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right > right + 0.5 && !scrolled(element)) {
        right = box.right;
        widest = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} (${Math.round(box.right)}px)`;
      }
    }
    return { scroll: root.scrollWidth, client: root.clientWidth, widest };
  });
  expect(scroll, `${where} is ${scroll}px wide at ${client}px; widest: ${widest}`).toBeLessThanOrEqual(client);
}
