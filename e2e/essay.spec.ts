/**
 * An essay end to end, in Ukrainian: a tutor writes the question in the editor and gives the test; a
 * taker writes the essay by keyboard with the connection cut (the proxy's port closed), reloads the
 * page still offline and finds every word, and it reaches the server once the connection is back.
 * The taker's results say "awaiting marking"; the tutor marks the answer in the marking view by
 * keyboard alone (names hidden until marked); the taker's results are then final, with the comment.
 */

import { expectAccessibleAtEveryWidth } from './every-width.ts';
import { expect, test } from './fixtures.ts';
import { tabTo } from './keyboard.ts';
import { finishInto, storedFor, takerStarts, tutorGivesAndStays } from './question-types.ts';

const ESSAY = 'Київ стоїть на Дніпрі.\nЦе столиця України.';

test('an essay, in Ukrainian: written offline, kept through a reload, sent, marked by keyboard, then final', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { code, id, tutor } = await tutorGivesAndStays(
    browser,
    'uk',
    { title: 'Міста', question: 'Опишіть Київ', type: 'essay' },
    async (page) => {
      await page.locator('#field-blocks-0-questions-0-max_words').pressSequentially('60');
    },
  );

  const taker = await takerStarts(browser, 'uk', code, 9);
  try {
    const { page } = taker;
    const answer = page.getByRole('textbox', { name: 'Ваша відповідь' });
    await expect(page.getByText('0 слів (щонайбільше 60 слів)')).toBeVisible();
    await expectAccessibleAtEveryWidth(page, 'the essay');

    await taker.cut();
    // By keyboard alone: Tab to the essay, type it over two lines.
    await tabTo(page, 'Ваша відповідь');
    await expect(answer).toBeFocused();
    await page.keyboard.type(ESSAY);
    await expect(page.getByText('7 слів (щонайбільше 60 слів)')).toBeVisible();
    // Reloaded at once, offline: the text is all there, and the server has none of it yet.
    await page.reload();
    await expect(answer).toHaveValue(ESSAY);
    expect(storedFor(code)?.value ?? null).toBeNull();

    await taker.restore();
    await expect.poll(() => storedFor(code)?.value, { timeout: 30_000 }).toBe(ESSAY);
    await finishInto(page, 'uk');
    await expect(page.getByTestId('score')).toHaveText('0 з 3');
    await expect(page.getByTestId('awaiting-marks')).toContainText('Очікує оцінювання: 1 письмову відповідь');
    await expect(page.getByTestId('marking-state')).toHaveText('Очікує оцінювання');

    // The tutor marks it by keyboard: the points are focused as the answer opens; Ctrl+Enter saves.
    await tutor.goto(`/uk/tutor/assignments/${id}/marking`);
    await expect(tutor.getByTestId('marking-answer')).toHaveText(ESSAY);
    await expect(tutor.getByTestId('marking-taker')).toHaveText('Учасник 1');
    await expect(tutor.getByText('Olena')).toHaveCount(0);
    await expectAccessibleAtEveryWidth(tutor, 'the marking view');
    await expect(tutor.getByLabel('Бали (від 0 до 3)')).toBeFocused();
    await tutor.keyboard.type('2,5');
    await tutor.keyboard.press('Tab');
    await expect(tutor.getByLabel('Коментар для учасника (необов’язково)')).toBeFocused();
    await tutor.keyboard.type('Добре, але коротко.');
    await tutor.keyboard.press('Control+Enter');
    await expect(tutor.getByTestId('marking-progress')).toContainText('Усі письмові відповіді оцінено.');
    await expect(tutor.getByTestId('marking-taker')).toContainText('Olena');
    await expect.poll(() => storedFor(code)?.score).toBe(2.5);

    // The taker's results are final now, with the mark and the comment.
    await page.reload();
    await expect(page.getByTestId('score')).toHaveText('2,5 з 3');
    await expect(page.getByTestId('awaiting-marks')).toHaveCount(0);
    await expect(page.getByTestId('marking-state')).toContainText('Оцінено викладачем');
    await expect(page.getByText('Добре, але коротко.')).toBeVisible();
  } finally {
    await taker.context.close();
    await taker.proxy.down();
    await tutor.context().close();
  }
});
