import { expect, type Page, test } from './fixtures.ts';

/*
 * The pages bench:lighthouse measures build no Intl formatter while they load: in Chromium the first
 * one a page builds costs 40–130 ms (src/i18n/whole-numbers.ts). Counts are written without Intl,
 * and catalog messages select on a plural form instead of using ICU plural (catalogs.test.ts).
 */
const FORMATTERS = ['NumberFormat', 'DateTimeFormat', 'ListFormat', 'Collator', 'RelativeTimeFormat'] as const;

async function countIntlFormatters(page: Page) {
  await page.addInitScript((names: readonly string[]) => {
    const built: string[] = [];
    (window as unknown as { __intlBuilt: string[] }).__intlBuilt = built;
    const intl = Intl as unknown as Record<string, new (...args: unknown[]) => object>;
    for (const name of names) {
      const Original = intl[name];
      if (!Original) continue;
      // A subclass keeps `instanceof` and the static methods working.
      intl[name] = class extends Original {
        constructor(...args: unknown[]) {
          super(...args);
          built.push(name);
        }
      };
    }
  }, FORMATTERS);
  return () => page.evaluate(() => (window as unknown as { __intlBuilt: string[] }).__intlBuilt);
}

test('the landing page, a lesson preview and a resumed test build no Intl formatter', async ({ page }) => {
  const built = await countIntlFormatters(page);

  await page.goto('/en/student');
  // The facts line and the cards are where counts show.
  await expect(page.locator('.hero__facts')).toContainText(/\d+ subjects?/);
  await expect(page.locator('.card__meta').first()).toContainText(/\d+ tests?/);
  expect(await built(), '/en/student').toEqual([]);

  await page.goto('/en/test/linear-equations');
  await expect(page.locator('.block-list__count').first()).toContainText(/\d+ questions?/);
  await expect(page.locator('.facts')).toContainText(/\d+ min/);
  expect(await built(), 'lesson preview').toEqual([]);

  await page.getByRole('button', { name: 'Start test' }).click();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
  await expect(page.locator('.question__meta').first()).toContainText(/\d+ points?/);
  expect(await built(), 'resumed test').toEqual([]);
});
