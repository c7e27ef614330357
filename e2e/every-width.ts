import type { Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { expect } from './fixtures.ts';
import { expectReflow } from './reflow.ts';

/** A phone at 320 px (and a desktop at 400 % zoom), a phone, a desktop. */
export const WIDTHS = [320, 375, 1280] as const;

/** WCAG 1.4.4: text at 200 %, as a browser's text-only zoom makes it (the page's sizes are in rem). */
const LARGE_TEXT = 'html { font-size: 200% !important; }';
/** WCAG 1.4.12: the text spacing a reader may set, the criterion's own values. */
const TEXT_SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-block-end: 2em !important; }`;

/**
 * Lets the layout settle after a change: the next frame, or 250 ms. Headless Chromium once drew no
 * further frame after a resize to 1280 px (CI, the import dialog's sweep: four minutes to the test's
 * timeout, while the page's timers and evaluations ran on); axe lays the page out itself, and a page
 * that truly hangs still fails at the next evaluation.
 */
const frame = (page: Page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => resolve(null));
        setTimeout(() => resolve(null), 250);
      }),
  );

async function withStyle(page: Page, css: string | null) {
  await page.evaluate((text) => {
    document.getElementById('e2e-text-check')?.remove();
    if (text === null) return;
    const style = document.createElement('style');
    style.id = 'e2e-text-check';
    style.textContent = text;
    document.head.append(style);
  }, css);
  await frame(page);
}

/**
 * A page as loaded, read at every width without loading it again (the layout follows the
 * viewport): no axe violation at each width, and at 320 px nothing scrolls sideways (1.4.10); then
 * with text at 200 % no violation at 320 and 1280 px, and at 1280 px no sideways scrolling (1.4.4);
 * then with the text spacing overridden none at 320 px (1.4.12). The page is left at its own styles,
 * at 1280 px. Soft checks: every page and width is read, and the test fails at its end with all found.
 */
export async function expectAccessibleAtEveryWidth(
  page: Page,
  where: string,
  widths: readonly number[] = WIDTHS,
): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await frame(page);
    expect.soft(await axeViolations(page), `${where} at ${width}px`).toEqual([]);
    if (width === 320) await expectReflow(page, where);
  }
  await withStyle(page, LARGE_TEXT);
  for (const width of [320, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await frame(page);
    expect.soft(await axeViolations(page), `${where} at ${width}px, text at 200 %`).toEqual([]);
  }
  // 1.4.4 asks for text at 200 % without loss at a desktop's width; at 320 px that would be a
  // desktop at 800 % zoom, which no criterion asks to reflow.
  await expectReflow(page, `${where}, text at 200 %`);
  await withStyle(page, TEXT_SPACING);
  await page.setViewportSize({ width: 320, height: 800 });
  await frame(page);
  await expectReflow(page, `${where}, text spacing overridden`);
  await withStyle(page, null);
  await page.setViewportSize({ width: 1280, height: 800 });
}
