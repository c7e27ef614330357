import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipFolder } from '../server/test/zip-folder.ts';
import { catalog, LOCALES, TAGS } from './catalogs.ts';
import { expectAccessibleAtEveryWidth } from './every-width.ts';
import { expect, type Page, test } from './fixtures.ts';
import { tutorWithToken } from './tutor.ts';

/**
 * Bringing the questions a teacher already has: another system's files through the import dialog,
 * read into drafts in the language the tutor picks, with a report of what was taken, skipped and
 * changed; the new test previews with its pictures and formulas and publishes.
 */

const FIXTURES = join(import.meta.dirname, '../server/services/question-banks/fixtures');
const file = (name: string, mimeType = 'text/plain') => ({
  name,
  mimeType,
  buffer: readFileSync(join(FIXTURES, name)),
});

async function openImport(page: Page, say: (text: string) => string = (text) => text) {
  await page
    .getByRole('region', { name: say('My tests') })
    .getByRole('button', { name: say('Import from files') })
    .click();
  return page.getByRole('dialog', { name: say('Import tests from files') });
}

/** Downloads a file from a button and gives it as the file input takes it. */
async function download(page: Page, button: string) {
  const started = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const done = await started;
  return {
    name: done.suggestedFilename(),
    mimeType: 'application/octet-stream',
    buffer: readFileSync(await done.path()),
  };
}

test('a tutor imports GIFT, Moodle XML and a QTI package, previews and publishes, exports as Moodle XML and QTI, and imports both back as equal drafts', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await tutorWithToken(page);
  await page.goto('/en/tutor');
  let dialog = await openImport(page);
  await dialog.getByRole('radio', { name: 'Українська' }).check();
  const qti = { name: 'fractions-qti.zip', mimeType: 'application/zip', buffer: zipFolder(join(FIXTURES, 'qti-bank')) };
  await dialog.getByLabel('Files').setInputFiles([file('teacher.gift'), file('moodle-bank.xml', 'text/xml'), qti]);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  const gift = dialog.getByRole('region', { name: 'teacher.gift' });
  // Essays are taken now (marked by hand); a description is still no question.
  await expect(gift).toContainText('GIFT: questions imported: 10');
  await expect(gift.getByRole('listitem').filter({ hasText: 'only a description' })).toContainText(
    'Skipped: Zalik has no question type for this one (description)',
  );
  await expect(dialog.getByRole('region', { name: 'moodle-bank.xml' })).toContainText(
    'Moodle XML: questions imported: 6',
  );
  const package_ = dialog.getByRole('region', { name: 'fractions-qti.zip' });
  await expect(package_).toContainText('QTI: questions imported: 6');
  await expect(package_).not.toContainText('Skipped');
  await package_.getByRole('link', { name: 'Open the new test' }).click();
  await expect(dialog).toHaveCount(0);

  // The editor has the package in Ukrainian: only the description is left to write.
  await expect(page.getByLabel('Title (Ukrainian)', { exact: true })).toHaveValue('fractions-qti');
  await page.getByLabel('Description (Ukrainian)', { exact: true }).fill('Половини й чверті');
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved', { timeout: 15_000 });
  const editor = new URL(page.url()).pathname;
  const testId = editor.split('/').at(-1) ?? '';

  await page.getByRole('button', { name: 'Preview as a student' }).click();
  await page.getByRole('button', { name: 'Start the preview' }).click();
  await expect(page.getByRole('img', { name: 'A red apple' })).toBeVisible();
  await expect(page.getByRole('group', { name: /Which equal/ }).locator('math')).toBeVisible();

  await page.goto(editor);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/^Published versions: 1\./)).toBeVisible();
  const moodle = await download(page, 'Export as Moodle XML');
  const exportedQti = await download(page, 'Export as QTI 2.1');
  expect([moodle.name, exportedQti.name]).toEqual(['fractions-qti-uk.xml', 'fractions-qti-uk-qti.zip']);

  await page.goto('/en/tutor');
  dialog = await openImport(page);
  await dialog.getByRole('radio', { name: 'Українська' }).check();
  await dialog.getByLabel('Files').setInputFiles([moodle, exportedQti]);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('region', { name: moodle.name })).toContainText('Moodle XML: questions imported: 6');
  await expect(dialog.getByRole('region', { name: exportedQti.name })).toContainText('QTI: questions imported: 6');
  const links = await dialog
    .getByRole('link', { name: 'Open the new test' })
    .evaluateAll((found) => found.map((a) => (a.getAttribute('href') ?? '').split('/').at(-1) ?? ''));

  // Both read back to the same questions, answers, points, pictures and explanations.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('zalik:auth') ?? '{}').token as string);
  const blocksOf = async (id: string) =>
    (await (await page.request.get(`/v1/tutor/tests/${id}`, { headers: { authorization: `Bearer ${token}` } })).json())
      .data.draft.blocks;
  const original = await blocksOf(testId);
  expect(original.flatMap((b: { questions: unknown[] }) => b.questions)).toHaveLength(6);
  for (const id of links) expect(await blocksOf(id)).toEqual(original);
});

test('the import dialog and its report pass axe in four languages at every width and with text at 200 %', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const auth = await tutorWithToken(page);
  const atBothWidths = (where: string) => expectAccessibleAtEveryWidth(page, where);

  for (const locale of LOCALES) {
    const changed = await page.request.patch('/v1/auth/session', { headers: auth, data: { locale } });
    expect(changed.status()).toBe(200);
    const say = (text: string) => catalog(locale).get(text) || text;
    await page.goto(`/${locale}/tutor`);
    await expect(page.locator('html')).toHaveAttribute('lang', TAGS[locale]);
    const dialog = await openImport(page, say);
    await dialog.getByLabel(say('Files')).setInputFiles([file('teacher.gift'), file('teacher-aiken.txt')]);
    // With the translation choice open: a language for the second file.
    const together = dialog.getByRole('checkbox', {
      name: say('One test: the other files are translations of the first'),
    });
    await together.check();
    await expect(dialog.getByRole('combobox')).toHaveCount(1);
    await atBothWidths(`${locale} import dialog`);
    await together.uncheck();
    await dialog.getByRole('button', { name: say('Import'), exact: true }).click();
    await expect(dialog.getByRole('region', { name: 'teacher-aiken.txt' })).toBeVisible();
    await atBothWidths(`${locale} import report`);
  }
});
