import { join } from 'node:path';
import Database from 'better-sqlite3';
import { TINY_PNG } from '../server/test/images.ts';
import { finishAndSeeResults } from './answer.ts';
import { mainServer, ownPort } from './e2e-server.ts';
import { type BrowserContext, expect, test } from './fixtures.ts';
import { OwnServer } from './own-server.ts';
import { waitForServiceWorker } from './service-worker.ts';
import { newTest, registerTutor, signedInTutor, signIn, tutorWithToken } from './tutor.ts';

test('a tutor writes a one-question test, checks it, previews it as a student, and publishes it', async ({ page }) => {
  test.setTimeout(120_000);
  await tutorWithToken(page);
  await page.goto('/en/tutor');
  const mine = page.getByRole('region', { name: 'My tests' });
  await expect(mine.getByText('You have no tests of your own yet.')).toBeVisible();
  const editor = await newTest(page);

  // The checklist names what is missing and leads to it.
  await page.getByRole('button', { name: 'Check what is missing' }).click();
  await page.getByRole('link', { name: 'Title: The English text is missing', exact: true }).click();
  await expect(page.getByLabel('Title (English)', { exact: true })).toBeFocused();

  await page.getByLabel('Title (English)', { exact: true }).fill('Halves');
  await page.getByLabel('Description (English)', { exact: true }).fill('Halves of small numbers');
  await page.getByLabel('Duration, minutes', { exact: true }).fill('5');
  await page.getByLabel('Block title (English)', { exact: true }).fill('Warm-up');
  await page.getByRole('button', { name: 'Add the question' }).click();
  await page.getByLabel('Question (English)', { exact: true }).fill('Half of 8?');
  await page.getByLabel('Option A of Question 1 of block 1 (English)', { exact: true }).fill('4');
  await page.getByLabel('Option B of Question 1 of block 1 (English)', { exact: true }).fill('2');
  await page.getByLabel('Option A of Question 1 of block 1 is correct', { exact: true }).check();
  await expect(page.getByTestId('save-status')).toHaveText('All changes saved');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Halves');

  await page.getByRole('button', { name: 'Check what is missing' }).click();
  await expect(page.getByText('Everything is in place: the test can be published.')).toBeVisible();

  await page.getByRole('button', { name: 'Preview as a student' }).click();
  await expect(page).toHaveURL(/\/preview$/);
  await page.getByRole('button', { name: 'Start the preview' }).click();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
  await page.getByRole('group', { name: 'Half of 8?' }).getByRole('radio', { name: '4', exact: true }).check();
  await finishAndSeeResults(page);
  await expect(page.getByTestId('score')).toHaveText('1 of 1');

  await page.goto(editor);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Published', { exact: true }).first()).toBeVisible();

  await page.getByRole('link', { name: '← My tests' }).click();
  const item = mine.getByRole('listitem').filter({ hasText: 'Halves' });
  await expect(item.getByText('Published', { exact: true })).toBeVisible();
  await expect(item.getByText('Questions: 1')).toBeVisible();
});

/** The draft of a tutor's test as the server's database holds it. */
function draftOnServer(
  dataDir: string,
  id: string,
): { title: Record<string, string>; description: Record<string, string> } {
  const db = new Database(join(dataDir, 'zalik.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare('SELECT draft FROM tutor_tests WHERE id = ?').get(id) as { draft: string };
    return JSON.parse(row.draft);
  } finally {
    db.close();
  }
}

const testIdOf = (editorPath: string) => editorPath.split('/').pop() ?? '';

test('a draft edited with no connection survives a reload offline and reaches the server when it is back', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const server = new OwnServer(ownPort(5));
  await server.start();
  try {
    await signedInTutor(page, server.url);
    const id = testIdOf(await newTest(page, server.url));
    await waitForServiceWorker(page);
    const title = page.getByLabel('Title (English)', { exact: true });
    const description = page.getByLabel('Description (English)', { exact: true });
    const status = page.getByTestId('save-status');
    await title.fill('Rivers');
    await expect(status).toHaveText('All changes saved');

    // No network at all: the server is down and the browser is offline.
    await server.kill();
    await context.setOffline(true);
    await title.fill('Rivers of Europe');
    await description.fill('Written on a train');
    await expect(status).toHaveText(/^Offline/);
    await page.reload();
    await expect(title).toHaveValue('Rivers of Europe');
    await expect(description).toHaveValue('Written on a train');
    await expect(status).toHaveText(/^Offline/);
    expect(draftOnServer(server.dataDir, id).title.en).toBe('Rivers');

    await server.start();
    await context.setOffline(false);
    await expect(status).toHaveText('All changes saved', { timeout: 30_000 });
    expect(draftOnServer(server.dataDir, id)).toMatchObject({
      title: { en: 'Rivers of Europe' },
      description: { en: 'Written on a train' },
    });
  } finally {
    await server.kill();
  }
});

test('two tabs edit the same draft: the later save is told of the conflict and overwrites nothing', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = await registerTutor(page);
  await signIn(page, email);
  const editor = await newTest(page);
  const baseURL = mainServer().url;
  const other: BrowserContext = await browser.newContext({ baseURL });
  try {
    const second = await other.newPage();
    await signIn(second, email);
    await second.goto(editor);
    await expect(second.getByTestId('save-status')).toHaveText('All changes saved');

    await page.getByLabel('Title (English)', { exact: true }).fill('Written in the first tab');
    await expect(page.getByTestId('save-status')).toHaveText('All changes saved');
    await second.getByLabel('Description (English)', { exact: true }).fill('Written in the second tab');
    await expect(second.getByTestId('save-status')).toHaveText('Not saved: changed elsewhere');
    await expect(second.getByRole('alert')).toContainText('changed in another tab or on another device');

    // Nothing was overwritten: the first tab's save stands, the second one's edit is not on the server.
    await page.reload();
    await expect(page.getByLabel('Title (English)', { exact: true })).toHaveValue('Written in the first tab');
    await expect(page.getByLabel('Description (English)', { exact: true })).toHaveValue('');

    // The second tab chooses the other version: it now shows the first tab's work.
    await second.getByRole('button', { name: 'Load the other version' }).click();
    await expect(second.getByLabel('Title (English)', { exact: true })).toHaveValue('Written in the first tab');
    await expect(second.getByTestId('save-status')).toHaveText('All changes saved');
  } finally {
    await other.close();
  }
});

test('a test’s pictures are kept with its blocks: a taker who reloads with no connection still sees them', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const server = new OwnServer(ownPort(6));
  await server.start();
  try {
    await signedInTutor(page, server.url);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('zalik:auth') ?? '{}').token as string);
    const auth = { authorization: `Bearer ${token}` };
    const image = await page.request.post(`${server.url}/v1/tutor/images`, {
      headers: auth,
      data: { name: 'dot.png', data: TINY_PNG.toString('base64') },
    });
    const draft = {
      title: { en: 'Shapes' },
      description: { en: 'Look closely' },
      subject: null,
      specialization: null,
      duration_seconds: 600,
      languages: ['en'],
      blocks: [
        {
          id: 'b1',
          title: { en: 'Dots' },
          questions: [
            {
              id: 'q1',
              type: 'number',
              points: 1,
              text: { en: 'How many dots?' },
              image: { id: (await image.json()).data.id, alt: { en: 'One black dot' } },
              correct_number: 1,
              tolerance: 0,
            },
          ],
        },
      ],
    };
    const created = await page.request.post(`${server.url}/v1/tutor/tests`, { headers: auth, data: { draft } });
    const id = (await created.json()).data.id as string;

    await page.goto(`${server.url}/en/tutor/tests/${id}/preview`);
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Start the preview' }).click();
    const picture = page.getByRole('img', { name: 'One black dot' });
    await expect(picture).toBeVisible();
    await page.waitForFunction(async () => (await (await caches.open('zalik-test-images')).keys()).length === 1);

    await server.kill();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  } finally {
    await server.kill();
  }
});
