/**
 * The newer question types end to end, each in a language of its own: a tutor writes the question in
 * the editor and gives the test; a taker answers by keyboard alone while the connection is cut (the
 * proxy's port closed), the answer reaches the server once it is back, and the score and the review
 * are right. The taking view passes axe at every width and with text at 200 %, and reflows (every-width.ts).
 */

import { expectAccessibleAtEveryWidth } from './every-width.ts';
import { expect, type Page, test } from './fixtures.ts';
import { tabTo } from './keyboard.ts';
import { chooseByKeyboard, finishInto, storedFor, takerStarts, tutorGives } from './question-types.ts';

/** axe at every width and text size, and nothing lost (every-width.ts). */
const axeAndReflow = (page: Page) => expectAccessibleAtEveryWidth(page, 'the taking view');

test('matching, in Ukrainian: written in the editor, answered by keyboard offline, two of three pairs right', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const countries: [string, string][] = [
    ['Польща', 'Варшава'],
    ['Україна', 'Київ'],
    ['Чехія', 'Прага'],
  ];
  const code = await tutorGives(
    browser,
    'uk',
    { title: 'Столиці', question: 'Доберіть столицю до кожної країни', type: 'matching' },
    async (page) => {
      const q = '#field-blocks-0-questions-0';
      await page.getByRole('button', { name: 'Додати твердження до: Запитання 1 блоку 1' }).click();
      await page.getByRole('button', { name: 'Додати відповідь до: Запитання 1 блоку 1' }).click();
      await page.getByRole('button', { name: 'Додати відповідь до: Запитання 1 блоку 1' }).click();
      for (const [at, [country]] of countries.entries()) await page.locator(`${q}-prompts-${at}-text-uk`).fill(country);
      // The answers: the three capitals and Bratislava, which matches no country.
      for (const [at, city] of ['Київ', 'Варшава', 'Прага', 'Братислава'].entries())
        await page.locator(`${q}-options-${at}-text-uk`).fill(city);
      for (const [at, [, city]] of countries.entries()) {
        await page
          .locator(`${q}-matches-p${at + 1}`)
          .selectOption({ label: `${'ABC'[['Київ', 'Варшава', 'Прага'].indexOf(city)]}. ${city}` });
      }
    },
  );

  const taker = await takerStarts(browser, 'uk', code, 9);
  try {
    const { page } = taker;
    const group = page.getByRole('group', { name: 'Доберіть столицю до кожної країни' });
    await expect(group.getByRole('combobox')).toHaveCount(3);
    await axeAndReflow(page);

    await taker.cut();
    // By keyboard alone: Tab to each country's list, arrows to the capital (Czechia's wrongly: Bratislava).
    const picks = [
      ['Польща', 'Варшава'],
      ['Україна', 'Київ'],
      ['Чехія', 'Братислава'],
    ];
    for (const [at, [country, city]] of picks.entries()) {
      const select = `[data-question] select >> nth=${at}`;
      await chooseByKeyboard(page, () => tabTo(page, country as string), select, city as string);
    }
    await page.keyboard.press('Tab');
    // Nothing reached the server while its port was closed.
    expect(storedFor(code)?.value ?? null).toBeNull();

    await taker.restore();
    await expect.poll(() => Object.keys((storedFor(code)?.value ?? {}) as object).length, { timeout: 30_000 }).toBe(3);
    await finishInto(page, 'uk');
    await expect(page.getByTestId('score')).toHaveText('2 з 3');
    expect(storedFor(code)?.score).toBe(2);
    const review = page.getByRole('listitem').filter({ hasText: 'Доберіть столицю' });
    await expect(review).toContainText('Чехія → Братислава');
    await expect(review).toContainText('Чехія → Прага');
  } finally {
    await taker.context.close();
    await taker.proxy.down();
  }
});

test('ordering, in Polish: written in the editor, put in order by keyboard offline, marked per item in place', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const planets = ['Merkury', 'Wenus', 'Ziemia', 'Mars'];
  const code = await tutorGives(
    browser,
    'pl',
    { title: 'Planety', question: 'Ułóż planety od najbliższej Słońcu', type: 'ordering' },
    async (page) => {
      const q = '#field-blocks-0-questions-0';
      await page.getByRole('button', { name: 'Dodaj element do: Pytanie 1 bloku 1' }).click();
      await page.getByRole('button', { name: 'Dodaj element do: Pytanie 1 bloku 1' }).click();
      for (const [at, planet] of planets.entries()) await page.locator(`${q}-options-${at}-text-pl`).fill(planet);
      await page.locator(`${q}-marking`).selectOption('position');
    },
  );

  const taker = await takerStarts(browser, 'pl', code, 10);
  try {
    const { page } = taker;
    const group = page.getByRole('group', { name: 'Ułóż planety od najbliższej Słońcu' });
    const shown = async () => (await group.locator('.ordering__text').allTextContents()).map((t) => t.trim());
    const start = await shown();
    // Shuffled, and never already right.
    expect([...start].sort()).toEqual([...planets].sort());
    expect(start).not.toEqual(planets);
    await axeAndReflow(page);

    await taker.cut();
    // By keyboard alone: each planet in turn taken up to its place with its "up" button.
    for (const [place, planet] of planets.entries()) {
      let at = (await shown()).indexOf(planet);
      if (at === place) continue;
      await tabTo(page, `Przesuń w górę: „${planet}”`);
      while (at > place) {
        await page.keyboard.press('Enter');
        at -= 1;
        await expect(page.getByText(`„${planet}” przeniesiono na pozycję ${at + 1} z 4`)).toBeAttached();
      }
      expect((await shown()).indexOf(planet)).toBe(place);
    }
    expect(await shown()).toEqual(planets);
    expect(storedFor(code)?.value ?? null).toBeNull();

    await taker.restore();
    await expect.poll(() => storedFor(code)?.value, { timeout: 30_000 }).toEqual(['a', 'b', 'o1', 'o2']);
    await finishInto(page, 'pl');
    await expect(page.getByTestId('score')).toHaveText('3 z 3');
    expect(storedFor(code)?.score).toBe(3);
  } finally {
    await taker.context.close();
    await taker.proxy.down();
  }
});

test('gaps in a text, in Russian: written in the editor, each gap filled by keyboard offline, marked gap by gap', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const code = await tutorGives(
    browser,
    'ru',
    { title: 'Города', question: 'Заполните пропуски', type: 'gaps' },
    async (page) => {
      const q = '#field-blocks-0-questions-0';
      await page.getByRole('button', { name: 'Добавить пропуск в: Вопрос 1 блока 1' }).click();
      await page.getByRole('button', { name: 'Добавить пропуск в: Вопрос 1 блока 1' }).click();
      await page.locator(`${q}-passage-ru`).fill('Столица Италии — [[g1]]. 2 + 2 = [[g2]]. Париж стоит на [[g3]].');
      await page.locator(`${q}-gaps-0-accepted-ru`).fill('Рим');
      await page.locator(`${q}-gaps-1-kind`).selectOption('number');
      await page.locator(`${q}-gaps-1-correct_number`).pressSequentially('4');
      await page.locator(`${q}-gaps-2-kind`).selectOption('choice');
      await page.locator(`${q}-gaps-2-options-0-text-ru`).fill('Сене');
      await page.locator(`${q}-gaps-2-options-1-text-ru`).fill('Темзе');
      await page.locator(`${q}-gaps-2-options`).getByRole('radio').first().check();
    },
  );

  const taker = await takerStarts(browser, 'ru', code, 7);
  try {
    const { page } = taker;
    const group = page.getByRole('group', { name: 'Заполните пропуски' });
    await expect(group).toContainText('Столица Италии —');
    await axeAndReflow(page);

    await taker.cut();
    // By keyboard alone: the typed gap, the number (wrong), the drop-down, each reached with Tab.
    await tabTo(page, 'Пропуск 1');
    await page.keyboard.type('рим');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Пропуск 2' })).toBeFocused();
    await page.keyboard.type('5');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('combobox', { name: 'Пропуск 3' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('combobox', { name: 'Пропуск 3' })).toHaveValue('a');
    await page.keyboard.press('Tab');
    expect(storedFor(code)?.value ?? null).toBeNull();

    await taker.restore();
    await expect.poll(() => storedFor(code)?.value, { timeout: 30_000 }).toEqual({ g1: 'рим', g2: 5, g3: 'a' });
    await finishInto(page, 'ru');
    await expect(page.getByTestId('score')).toHaveText('2 из 3');
    expect(storedFor(code)?.score).toBe(2);
  } finally {
    await taker.context.close();
    await taker.proxy.down();
  }
});
