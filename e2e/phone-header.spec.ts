/**
 * During a running test the header is one compact row (at most 56 px, from 320 px up) with the
 * language and the account in a menu, so that the test and its sticky bar keep the screen. Before
 * this, a 390 px phone gave the header 157 px (two rows), a 320 px one 209 px.
 */
import { axeViolations } from './axe.ts';
import { expect, type Page, test } from './fixtures.ts';
import { lessonFile } from './lesson-key.ts';

const lesson = lessonFile('content/lessons/mathematics/algebra/linear-equations.json');

async function startTest(page: Page) {
  await page.goto(`/en/test/${lesson.slug}`);
  await page.getByRole('button', { name: 'Start test' }).click();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
}

async function headerBox(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('.site-header') as HTMLElement;
    const rows = new Set(
      [...header.querySelectorAll<HTMLElement>('.brand, .header-menu__button, .site-nav, .auth-menu, .language-button')]
        .filter((element) => element.offsetParent !== null && !element.closest('[hidden]'))
        .map((element) => Math.round(element.getBoundingClientRect().top / 16)),
    );
    const bar = document.querySelector('.taking__bar') as HTMLElement;
    return {
      height: header.getBoundingClientRect().height,
      bottom: header.getBoundingClientRect().bottom,
      rows: rows.size,
      barTop: bar.getBoundingClientRect().top,
    };
  });
}

test('the running test has a one-row header of at most 56 px at every width, its bar uncovered', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await startTest(page);
  for (const width of [320, 375, 390, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const box = await headerBox(page);
    expect(box.height, `${width} px`).toBeLessThanOrEqual(56);
    expect(box.rows, `${width} px`).toBe(1);
    expect(box.barTop, `${width} px`).toBeGreaterThanOrEqual(box.bottom - 1);
    await expect(page.locator('.taking__bar')).toBeVisible();
  }
  // Scrolled down, the test's bar sticks to the top, and the header does not follow over it.
  await page.setViewportSize({ width: 375, height: 600 });
  await page.mouse.wheel(0, 2000);
  await expect.poll(async () => (await headerBox(page)).barTop).toBeLessThanOrEqual(16);
  // Outside a test the full header is back.
  await page.goto('/en/student');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
});

test('the header menu works with the keyboard alone and switches the language during the test', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await startTest(page);
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', { name: 'Language and account' });
  await expect(panel.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // Escape closes it and the focus is back on its button.
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeFocused();

  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: /Language/ })).toBeFocused();
  await page.keyboard.press('Enter');
  const switcher = page.getByRole('dialog');
  await expect(switcher).toBeVisible();
  // The switcher's focus starts on the current language; Polish is reached with the keyboard too.
  const polish = switcher.getByRole('link', { name: /Polski/ });
  for (let i = 0; i < 8 && !(await polish.evaluate((element) => element === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(polish).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/pl/test/${lesson.slug}`));
  // The test goes on, in Polish, under the same compact header.
  await expect(page.getByRole('timer', { name: 'Pozostały czas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  expect((await headerBox(page)).height).toBeLessThanOrEqual(56);
});

test('the running test with its header menu open and closed has no axe violations at 375 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await startTest(page);
  expect(await axeViolations(page), 'menu closed').toEqual([]);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('region', { name: 'Language and account' })).toBeVisible();
  expect(await axeViolations(page), 'menu open').toEqual([]);
});
