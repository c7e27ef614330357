/** The axe check itself: it finds a violation put into a page, and again after the page changes. */
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

test('the axe check finds what it should, and checks the page as it stands each time', async ({ page }) => {
  await page.goto('/en/contacts');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = '/icons/icon-192.png';
    image.id = 'no-alt';
    document.querySelector('main')?.append(image);
  });
  expect(await axeViolations(page)).toEqual(['image-alt: #no-alt']);
  await page.evaluate(() => document.getElementById('no-alt')?.setAttribute('alt', 'Zalik'));
  expect(await axeViolations(page)).toEqual([]);
});
