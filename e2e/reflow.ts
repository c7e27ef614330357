import { expect, type Page } from '@playwright/test';

/**
 * WCAG 1.4.10 (reflow): at 320 CSS px (a small phone, or a laptop at 400 % zoom) the page scrolls
 * one way only. A data table may scroll inside its own box; the page itself never sideways. A soft
 * check: a sweep goes on to its other pages and widths, and fails at its end with every one found.
 */
export async function expectReflow(page: Page, where: string): Promise<void> {
  const { scroll, client, widest } = await page.evaluate(() => {
    const root = document.documentElement;
    // The elements reaching furthest right outside a box of their own that scrolls, to name in a failure.
    const over: { right: number; depth: number; name: string }[] = [];
    const depthOf = (element: Element) => {
      let depth = 0;
      for (let up = element.parentElement; up; up = up.parentElement) depth++;
      return depth;
    };
    const scrolled = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.right > root.clientWidth + 0.5 && !scrolled(element)) {
        const text = (element.textContent ?? '').trim().slice(0, 30);
        const name = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} “${text}”`;
        over.push({
          right: Math.round(box.right),
          depth: depthOf(element),
          name: `${name} (${Math.round(box.right)}px)`,
        });
      }
    }
    // The furthest right first and, of those, the innermost: the one that pushes the others out.
    over.sort((a, b) => b.right - a.right || b.depth - a.depth);
    const widest = over
      .slice(0, 4)
      .map((o) => o.name)
      .join('; ');
    return { scroll: root.scrollWidth, client: root.clientWidth, widest };
  });
  expect.soft(scroll, `${where} is ${scroll}px wide at ${client}px; widest: ${widest}`).toBeLessThanOrEqual(client);
}
