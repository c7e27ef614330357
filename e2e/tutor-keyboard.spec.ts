/**
 * The tutor's side by keyboard alone, in Polish: importing files (the file chooser opened from the
 * keyboard), giving a test, the lobby's signal, extra time on the monitor, the results and one
 * attempt, the analysis, and a standing accommodation kept and removed. At each step the focused
 * control shows a visible ring; the import dialog and the confirmation keep Tab inside while open
 * and give focus back when they close.
 */
import { join } from 'node:path';
import { TINY_PNG } from '../server/test/images.ts';
import { catalog } from './catalogs.ts';
import { e2eDb } from './e2e-db.ts';
import { mainServer } from './e2e-server.ts';
import { expect, type Page, test } from './fixtures.ts';
import { tabTo } from './keyboard.ts';
import { lessonFile } from './lesson-key.ts';
import { tutorWithToken } from './tutor.ts';

const lesson = lessonFile('content/lessons/mathematics/algebra/linear-equations.json');
const FIXTURES = join(import.meta.dirname, '../server/services/question-banks/fixtures');
const say = (text: string) => catalog('pl').get(text) || text;

/** The focused control draws a ring (an outline or the focus shadow): WCAG 2.4.7. */
async function expectFocusVisible(page: Page, where: string) {
  const ring = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing is focused';
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none' ? 'ring' : `no ring on ${element.tagName}`;
  });
  expect(ring, where).toBe('ring');
}

/** Tab and Shift+Tab go round inside the open dialog, never out of it. */
async function expectFocusKeptIn(page: Page, presses: number) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    }
  }
}

test('the tutor’s side by keyboard alone, in Polish: import, give a test, the lobby, the monitor, the results, the analysis, an accommodation', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await tutorWithToken(page, 'pl');

  // 1. Import from files: the dialog opens on Enter, keeps Tab inside, the file chooser opens from
  // the keyboard, and closing gives focus back to the button that opened it.
  await page.goto('/pl/tutor');
  await expect(page.getByRole('region', { name: say('My tests') })).toBeVisible();
  await tabTo(page, say('Import from files'));
  await expectFocusVisible(page, 'the import button');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: say('Import tests from files') });
  await expect(dialog).toBeVisible();
  await expectFocusKeptIn(page, 12);
  // Waited for before the Tab presses: Playwright turns the browser's file chooser interception on
  // without waiting for it, so a key pressed at once could open the chooser before it was on (no
  // event: the test then hung to its timeout, 4 runs in 6 without traces recording).
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, say('Files'));
  await expectFocusVisible(page, 'the file field');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(join(FIXTURES, 'teacher.gift'));
  await tabTo(page, new RegExp(`^${say('Import')}$`));
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('region', { name: 'teacher.gift' })).toBeVisible({ timeout: 20_000 });
  await tabTo(page, say('Done'));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: say('Import from files') })).toBeFocused();

  // 2. Giving a test: every rule reached by Tab, a radio group moved with the arrows.
  await page.goto(`/pl/tutor/assignments/new?lesson=${lesson.slug}`);
  await expect(page.getByRole('button', { name: say('Give the test') })).toBeVisible();
  await tabTo(page, say('Each taker starts when they are ready (within the window)'));
  await expectFocusVisible(page, 'a radio of the form');
  await page.keyboard.press('ArrowDown');
  await expect(
    page.getByRole('radio', { name: say('Everyone together, on my signal (takers wait in a lobby)') }),
  ).toBeChecked();
  await tabTo(page, say('Give the test'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pl\/tutor\/assignments\/[0-9a-f-]{36}$/);
  const code = (await page.getByTestId('assignment-code').textContent()) ?? '';

  // A taker waits in the lobby (their side is not this test's).
  const takerContext = await browser.newContext({ baseURL: mainServer().url, locale: 'en-US' });
  const taker = await takerContext.newPage();
  await taker.goto(`/en/a/${code}`);
  await taker.getByLabel('Your name').pressSequentially('Ola Nowak');
  await taker.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByTestId('monitor-lobby')).toContainText('Ola Nowak');

  // 3. The signal, then extra time on the monitor.
  await tabTo(page, say('Start now for everyone'));
  await expectFocusVisible(page, 'the signal');
  await page.keyboard.press('Enter');
  await expect(taker.getByRole('timer', { name: 'Time left' })).toBeVisible();
  const row = page.getByTestId('monitor-taker').filter({ hasText: 'Ola Nowak' });
  await expect(row).toBeVisible();
  const deadline = () => {
    const db = e2eDb();
    try {
      // This assignment's taker: another journey on this worker's server may have an Ola Nowak too.
      const row = db
        .prepare(
          `select s.deadline from online_sessions s join assignments a on a.id = s.assignment_id
           where a.code = ? and s.display_name = 'Ola Nowak'`,
        )
        .get(code) as { deadline: number };
      return row.deadline;
    } finally {
      db.close();
    }
  };
  const before = deadline();
  await tabTo(page, say('Give extra time'));
  await expectFocusVisible(page, 'extra time');
  await page.keyboard.press('Enter');
  await expect.poll(deadline).toBe(before + 5 * 60_000);

  // The taker finishes (their side again), and the tutor reads the results and the attempt.
  await taker.getByRole('button', { name: 'Finish test' }).click();
  await taker.getByRole('button', { name: 'Yes, finish' }).click();
  await expect(taker.getByRole('button', { name: 'See results' })).toBeVisible();
  await tabTo(page, new RegExp(`^${say('Results')}$`));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/results$/);
  await expect(page.getByTestId('result-row')).toHaveCount(1);
  await tabTo(page, 'Ola Nowak');
  await expectFocusVisible(page, 'an attempt in the results');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/attempts\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('score')).toBeVisible();
  await page.goBack();
  await tabTo(page, new RegExp(`^${say('Question analysis')}$`));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/analysis$/);
  await expect(page.getByTestId('analysis-question').first()).toBeVisible();

  // 4. A standing accommodation kept by e-mail, then removed through the confirmation, which
  // opens on its safe choice and keeps Tab inside.
  await page.goto('/pl/tutor/assignments/accommodations');
  await tabTo(page, say('E-mail'));
  await page.keyboard.type('ola.nowak@example.test');
  await tabTo(page, say('Keep it'));
  await page.keyboard.press('Enter');
  const kept = page.getByTestId('kept-accommodation');
  await expect(kept).toContainText('ola.nowak@example.test');
  await tabTo(page, new RegExp(`^${say('Remove')}`));
  await page.keyboard.press('Enter');
  const confirmation = page.getByRole('dialog');
  await expect(confirmation.getByRole('button', { name: say('Cancel') })).toBeFocused();
  await expectFocusKeptIn(page, 3);
  await tabTo(page, say('Remove it'));
  await page.keyboard.press('Enter');
  await expect(kept).toHaveCount(0);
  await takerContext.close();
});

test('writing a test by keyboard alone, in Ukrainian: every question type, a picture and a formula, then published', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await tutorWithToken(page, 'uk');
  await page.goto('/uk/tutor');
  await tabTo(page, 'Новий тест');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/uk\/tutor\/tests\/[0-9a-f-]{36}$/);
  const type = async (label: string, text: string) => {
    await tabTo(page, label);
    await page.keyboard.type(text);
  };
  await type('Назва (Українська)', 'Усе разом');
  await type('Опис (Українська)', 'Кожен тип запитання');
  await type('Назва блоку (Українська)', 'Перший блок');

  /** A new question of the block's list of types (`down` presses from the first), its text written. */
  const add = async (n: number, down: number, text: string) => {
    await tabTo(page, 'Нове запитання в: Блок 1');
    await page.keyboard.press('Home');
    for (let i = 0; i < down; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.locator(`#field-blocks-0-questions-${n - 1}-text-uk`)).toBeFocused();
    await page.keyboard.type(text);
  };
  /** The question's type changed from its own list, back up from its text (`down` presses from the first). */
  const retype = async (n: number, down: number) => {
    await tabTo(page, `Тип: Запитання ${n} блоку 1`, 20, true);
    await page.keyboard.press('Home');
    for (let i = 0; i < down; i++) await page.keyboard.press('ArrowDown');
  };
  const q = (n: number) => `Запитання ${n} блоку 1`;

  // 1. One correct option, with a picture chosen from the keyboard and described.
  await add(1, 0, 'Скільки яблук на зображенні?');
  // Waited for before the Tab presses, as the import's file above.
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, `Зображення до: ${q(1)}`);
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'apples.png', mimeType: 'image/png', buffer: TINY_PNG });
  await type(`Опис зображення до: ${q(1)}`, 'Вісім яблук');
  await tabTo(page, `Варіант A — ${q(1)} — правильний`);
  await page.keyboard.press('Space');
  await type(`Варіант A — ${q(1)} (Українська)`, 'Вісім');
  await type(`Варіант B — ${q(1)} (Українська)`, 'Сім');
  // 2. A number, its text with a formula.
  await add(2, 3, 'Більший корінь рівняння \\(x^2 - 5x + 6 = 0\\)?');
  await type('Правильне число', '3');
  await expect(page.locator('#field-blocks-0-questions-1-text-uk ~ .language-texts__preview math')).toBeVisible();
  // 3. Several correct options.
  await add(3, 1, 'Які річки впадають у Чорне море?');
  for (const letter of ['A', 'B']) {
    await tabTo(page, `Варіант ${letter} — ${q(3)} — правильний`);
    await page.keyboard.press('Space');
  }
  await type(`Варіант A — ${q(3)} (Українська)`, 'Дніпро');
  await type(`Варіант B — ${q(3)} (Українська)`, 'Дунай');
  // 4. A short text.
  await add(4, 2, 'Столиця України?');
  await type('Прийнятні відповіді (Українська)', 'Київ');
  // 5. Matching, from the new question's list like every type: two prompts, each with its answer.
  await add(5, 4, 'Доберіть столицю до країни');
  await type(`Твердження 1 — ${q(5)} (Українська)`, 'Польща');
  await tabTo(page, `Відповідь до: Твердження 1 — ${q(5)}`);
  await page.keyboard.press('ArrowDown');
  await type(`Твердження 2 — ${q(5)} (Українська)`, 'Україна');
  await tabTo(page, `Відповідь до: Твердження 2 — ${q(5)}`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await type(`Відповідь A — ${q(5)} (Українська)`, 'Варшава');
  await type(`Відповідь B — ${q(5)} (Українська)`, 'Київ');
  // 6. Ordering.
  await add(6, 5, 'Від меншого до більшого');
  await type(`Елемент 1 — ${q(6)} (Українська)`, 'Один');
  await type(`Елемент 2 — ${q(6)} (Українська)`, 'Два');
  // 7. Gaps in a text.
  await add(7, 6, 'Заповніть пропуск');
  await type('Текст із пропусками', 'Київ стоїть на [[g1]].');
  await type('Прийнятні відповіді (Українська)', 'Дніпрі');
  // 8. An essay, marked by hand: added as one correct option, then its own type changed from its list.
  await add(8, 0, 'Поясніть, як ви розв’язали друге рівняння');
  await retype(8, 7);

  await expect(page.getByTestId('save-status')).toHaveText('Усі зміни збережено', { timeout: 15_000 });
  await tabTo(page, 'Перевірити, чого бракує');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Усе на місці: тест можна публікувати.')).toBeVisible();
  await tabTo(page, /^Опублікувати$/);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Опубліковано. Відтепер учні проходитимуть цю версію.')).toBeVisible();
});
