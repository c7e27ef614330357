import { readFileSync } from 'node:fs';
import { TINY_PNG } from '../server/test/images.ts';
import { finishAndSeeResults } from './answer.ts';
import { expect, type Locator, type Page, test } from './fixtures.ts';
import { tabTo } from './keyboard.ts';
import { newTest, signedInTutor } from './tutor.ts';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Fills one text in English and in Ukrainian. */
async function both(page: Page, label: string, en: string, uk: string) {
  await field(page, `${label} (English)`).fill(en);
  await field(page, `${label} (Ukrainian)`).fill(uk);
}

async function saved(page: Page) {
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved', { timeout: 15_000 });
}

/**
 * Drags `source` onto `target` with the browser's drag events. Playwright's mouse drag starts the
 * drag in headless Chromium but delivers no dragover or drop to the page, so the events are sent
 * here, in the order a browser sends them, with one DataTransfer as a browser shares it.
 */
async function dragOnto(page: Page, source: Locator, target: Locator) {
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await source.dispatchEvent('dragstart', { dataTransfer });
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
  await source.dispatchEvent('dragend', { dataTransfer });
}

/** Downloads the test as a file from the editor and reads it. */
async function exportFile(page: Page): Promise<Record<string, unknown>> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export as a file' }).click();
  const path = await (await download).path();
  return JSON.parse(readFileSync(path, 'utf8'));
}

test('a tutor writes a two-language test of every question type with a picture and a formula, previews, publishes twice, exports and imports it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signedInTutor(page);
  await newTest(page);

  // Languages: English (the interface's) and Ukrainian.
  await page.getByRole('group', { name: 'Languages of the test' }).getByRole('checkbox', { name: 'Ukrainian' }).check();
  await both(page, 'Title', 'Roots and rivers', 'Корені й річки');
  await both(page, 'Description', 'A little algebra and geography', 'Трохи алгебри й географії');
  await field(page, 'Duration, minutes').fill('20');

  // Block 1, question 1: one correct option, with a picture described in both languages.
  await both(page, 'Block title', 'Algebra', 'Алгебра');
  await page.getByRole('button', { name: 'Add the question' }).click();
  await both(page, 'Question', 'How many apples are in the picture?', 'Скільки яблук на зображенні?');
  await page.getByLabel('Picture for Question 1 of block 1 (optional)').setInputFiles({
    name: 'apples.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  await both(page, 'Description of the picture of Question 1 of block 1', 'Eight apples', 'Вісім яблук');
  await both(page, 'Option A of Question 1 of block 1', 'Eight', 'Вісім');
  await both(page, 'Option B of Question 1 of block 1', 'Seven', 'Сім');
  await field(page, 'Option A of Question 1 of block 1 is correct').check();

  // Block 1, question 2, by keyboard alone: a number question whose text holds a formula.
  await tabTo(page, 'New question in Block 1');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(field(page, 'New question in Block 1')).toHaveValue('number');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  // The new question's text has the focus: the tutor writes there next.
  await expect(page.locator('#field-blocks-0-questions-1-text-en')).toBeFocused();
  await page.keyboard.type('The larger root of \\(x^2 - 5x + 6 = 0\\)?');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Більший корінь рівняння \\(x^2 - 5x + 6 = 0\\)?');
  await tabTo(page, 'Correct number');
  await page.keyboard.type('3');
  await expect(field(page, 'Correct number')).toHaveValue('3');
  // The formula's live preview is MathML, read by screen readers.
  await expect(page.locator('#field-blocks-0-questions-1-text-en ~ .language-texts__preview math')).toBeVisible();

  // Block 2: several correct options and a short text answer.
  await page.getByRole('button', { name: 'Add a block' }).click();
  await field(page, 'Block title (English)').nth(1).fill('Geography');
  await field(page, 'Block title (Ukrainian)').nth(1).fill('Географія');
  // A new block comes with a question of one correct option: this one takes several.
  await field(page, 'Type of Question 1 of block 2').selectOption('multiple');
  const q1b2 = page.locator('#field-blocks-1-questions-0-text-en');
  await q1b2.fill('Which rivers flow into the Black Sea?');
  await page.locator('#field-blocks-1-questions-0-text-uk').fill('Які річки впадають у Чорне море?');
  await both(page, 'Option A of Question 1 of block 2', 'Dnipro', 'Дніпро');
  await both(page, 'Option B of Question 1 of block 2', 'Vistula', 'Вісла');
  await page.getByRole('button', { name: 'Add an option to Question 1 of block 2' }).click();
  await both(page, 'Option C of Question 1 of block 2', 'Danube', 'Дунай');
  await field(page, 'Option A of Question 1 of block 2 is correct').check();
  await field(page, 'Option C of Question 1 of block 2 is correct').check();
  // Dragged by its handle, Danube goes first; the options keep which are correct.
  await dragOnto(
    page,
    page.getByTestId('drag-blocks.1.questions.0.options-2'),
    page.locator('#field-blocks-1-questions-0-options').getByRole('listitem').first(),
  );
  await expect(page.locator('#field-blocks-1-questions-0-options-0-text-en')).toHaveValue('Danube');
  await expect(field(page, 'Option A of Question 1 of block 2 is correct')).toBeChecked();
  await expect(field(page, 'Option B of Question 1 of block 2 is correct')).toBeChecked();
  await expect(field(page, 'Option C of Question 1 of block 2 is correct')).not.toBeChecked();
  await field(page, 'New question in Block 2').selectOption('text');
  await page.getByRole('button', { name: 'Add the question' }).nth(1).click();
  await page.locator('#field-blocks-1-questions-1-text-en').fill('The capital of Ukraine?');
  await page.locator('#field-blocks-1-questions-1-text-uk').fill('Столиця України?');
  await page.locator('#field-blocks-1-questions-1-accepted-en').fill('Kyiv\nKiev');
  await page.locator('#field-blocks-1-questions-1-accepted-uk').fill('Київ');
  await saved(page);

  await page.getByRole('button', { name: 'Check what is missing' }).click();
  await expect(page.getByText('Everything is in place: the test can be published.')).toBeVisible();
  const editor = new URL(page.url()).pathname;

  // Preview as a student: every answer right, the picture and the formula shown.
  await page.getByRole('button', { name: 'Preview as a student' }).click();
  await page.getByRole('button', { name: 'Start the preview' }).click();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Eight apples' })).toBeVisible();
  await page
    .getByRole('group', { name: 'How many apples are in the picture?' })
    .getByRole('radio', { name: 'Eight' })
    .check();
  const rootQuestion = page.getByRole('group', { name: /The larger root of/ });
  await expect(rootQuestion.locator('math')).toBeVisible();
  await rootQuestion.getByRole('textbox').fill('3');
  await rootQuestion.getByRole('textbox').press('Enter');
  await page
    .getByRole('button', { name: /Geography/ })
    .first()
    .click();
  const rivers = page.getByRole('group', { name: 'Which rivers flow into the Black Sea?' });
  await rivers.getByRole('checkbox', { name: 'Dnipro' }).check();
  await rivers.getByRole('checkbox', { name: 'Danube' }).check();
  const capital = page.getByRole('group', { name: 'The capital of Ukraine?' }).getByRole('textbox');
  await capital.fill('kyiv');
  await capital.press('Enter');
  await finishAndSeeResults(page);
  await expect(page.getByTestId('score')).toHaveText('4 of 4');

  // Publish, edit, publish the next version.
  await page.goto(editor);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/^Published versions: 1\./)).toBeVisible();
  await field(page, 'Title (English)').fill('Roots and rivers, second edition');
  await saved(page);
  await page.getByRole('button', { name: 'Publish the next version' }).click();
  await expect(page.getByText(/^Published versions: 2\./)).toBeVisible();

  // Export, then import the file: the new test exports the same file.
  const exported = await exportFile(page);
  expect(exported).toMatchObject({
    kind: 'lesson',
    languages: ['en', 'uk'],
    title: { en: 'Roots and rivers, second edition' },
  });
  expect((exported.images as unknown[]).length).toBe(1);
  await page.getByRole('link', { name: '← My tests' }).click();
  const mine = page.getByRole('region', { name: 'My tests' });
  await mine.getByRole('button', { name: 'Import from files' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import tests from files' });
  await dialog.getByLabel('Files').setInputFiles({
    name: 'roots-and-rivers.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(exported)),
  });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const count = (exported.blocks as { questions: unknown[] }[]).reduce((sum, block) => sum + block.questions.length, 0);
  await expect(dialog.getByRole('region', { name: 'roots-and-rivers.json' })).toContainText(
    `Zalik: questions imported: ${count}`,
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  const copies = mine.getByRole('listitem').filter({ hasText: 'Roots and rivers, second edition' });
  await expect(copies).toHaveCount(2);
  // The newest first: the imported one, a draft.
  await expect(copies.first().getByText('Draft', { exact: true })).toBeVisible();
  await copies.first().getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(field(page, 'Title (English)')).toHaveValue('Roots and rivers, second edition');
  const again = await exportFile(page);
  expect({ ...again, slug: exported.slug }).toEqual(exported);
});
