import { expect, test } from './fixtures.ts';
import { tabTo } from './keyboard.ts';

test('a test can be taken from the catalog to its results with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/en/student');
  await tabTo(page, /^Physics\b/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/test-student\/physics$/);
  await tabTo(page, /^Electricity\b/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/test-student\/physics\/electricity$/);
  await tabTo(page, /^Electric circuits\b/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/test\/circuits$/);
  // As a keyboard user would, wait for the lesson to show before tabbing to its button.
  await expect(page.getByRole('button', { name: 'Start test' })).toBeEnabled();
  await tabTo(page, 'Start test');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();

  // Each block: open its tab with Enter, then Tab through its questions, choosing the first option of
  // each radio group or checkbox list and typing into text and number fields.
  const blocks = await page.getByRole('button', { name: /answered/ }).count();
  expect(blocks).toBeGreaterThanOrEqual(2);
  const answered = new Set<string>();
  for (let b = 1; b <= blocks; b++) {
    await tabTo(page, new RegExp(`^${b}\\b`));
    await page.keyboard.press('Enter');
    let inQuestions = false;
    for (let i = 0; i < 120; i++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        return { tag: el?.tagName ?? '', type: el?.type ?? '', name: el?.name ?? '' };
      });
      const isInput = focus.tag === 'INPUT';
      if (!isInput && inQuestions) break;
      if (!isInput) continue;
      inQuestions = true;
      const key = `${focus.type}:${focus.name}`;
      if ((focus.type === 'radio' || focus.type === 'checkbox') && !answered.has(key)) {
        await page.keyboard.press('Space');
        answered.add(key);
      } else if (focus.type === 'text' || focus.type === 'number') {
        await page.keyboard.type(focus.type === 'number' ? '1' : 'ohm');
        await page.keyboard.press('Enter');
        answered.add(`${key}:${b}:${i}`); // text fields need no name, so count each one
      }
    }
  }
  expect(answered.size).toBeGreaterThanOrEqual(10);
  await tabTo(page, 'Finish test');
  await page.keyboard.press('Enter');
  await tabTo(page, 'Yes, finish');
  await page.keyboard.press('Enter');
  await tabTo(page, 'See results');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/test\/[0-9a-f-]{36}\/results-preview\?api_token=/);
  await expect(page.getByTestId('score')).toHaveText(/^\d+(\.\d+)? of \d+$/);
});
