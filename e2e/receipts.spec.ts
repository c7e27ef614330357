/**
 * A signed receipt end to end: a taker finishes with no connection at all (the proxy every request
 * goes through is down), the receipt arrives once the device is back and is shown with its code and
 * kept; the tutor checks the saved file on the verify page ("matches"), an answer is changed in the
 * server's database, and the same check names that question; the QR code's address says the same.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { answer } from './answer.ts';
import { mainServer, ownPort } from './e2e-server.ts';
import { expect, test } from './fixtures.ts';
import { FlakyProxy } from './flaky-proxy.ts';
import { lessonFile, planAnswers } from './lesson-key.ts';
import { waitForServiceWorker } from './service-worker.ts';
import { waitForStoredBlocks } from './stored-blocks.ts';

const lesson = lessonFile('content/lessons/mathematics/algebra/linear-equations.json');
const RESULTS_URL = /\/en\/test\/([0-9a-f-]{36})\/results-preview\?api_token=([A-Za-z0-9_-]+)/;

test('a receipt that arrives after an offline finish, checked by the tutor before and after an answer changes', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  const server = mainServer();
  const proxy = new FlakyProxy(ownPort(13), server.port);
  await proxy.start();
  try {
    const { plan } = planAnswers(lesson);
    const firstBlock = plan.filter((p) => lesson.blocks[0]?.questions.includes(p.question));
    const [first, second] = firstBlock;
    if (!first || !second) throw new Error('the lesson needs two questions in its first block');
    await page.goto(`${proxy.url}/en/test/${lesson.slug}`);
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Start test' }).click();
    await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
    await waitForStoredBlocks(page);
    await answer(page, first);
    await expect(page.getByTestId('waiting-answers')).toHaveText('All answers sent');

    // No connection for the page, its worker or the service worker: the second answer and the finish wait.
    await proxy.down();
    await context.setOffline(true);
    await answer(page, second);
    await page.getByRole('button', { name: 'Finish test' }).click();
    await page.getByRole('button', { name: 'Yes, finish' }).click();
    const notice = page.getByRole('dialog', { name: 'Test finished' });
    await expect(notice).toContainText('kept on this device');
    await notice.getByRole('button', { name: 'See results' }).click();
    await expect(page).toHaveURL(RESULTS_URL);
    const [, uuid = ''] = RESULTS_URL.exec(page.url()) ?? [];
    await expect(page.getByTestId('receipt')).toContainText('once it has your finish');

    const db = new Database(join(server.dataDir, 'zalik.sqlite'));
    try {
      expect(db.prepare('select count(*) as n from receipts where session_uuid = ?').get(uuid)).toEqual({ n: 0 });
      // Back: the outbox sends the answer and the finish, and the receipt follows by itself.
      await proxy.start();
      await context.setOffline(false);
      const code = page.getByTestId('receipt-code');
      await expect(code).toHaveText(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/, { timeout: 30_000 });
      const stored = db.prepare('select receipt from receipts where session_uuid = ?').get(uuid) as { receipt: string };
      const signed = JSON.parse(stored.receipt);
      expect(signed.answers.count).toBe(2);
      await expect(page.getByRole('img', { name: /^QR code to check this receipt/ })).toBeVisible();

      // Kept on the device: offline again, a reload still shows it.
      await proxy.down();
      await context.setOffline(true);
      const shown = (await code.textContent()) ?? '';
      await page.reload();
      await expect(code).toHaveText(shown);
      await proxy.start();
      await context.setOffline(false);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Save the receipt (file)' }).click();
      const file = (await (await download).path()) as string;
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(signed);

      // The tutor, on another device, checks the file.
      const tutor = await (await browser.newContext({ locale: 'en-GB' })).newPage();
      await tutor.goto(`${server.url}/en/verify`);
      await tutor.getByLabel('Receipt file').setInputFiles(file);
      const verdict = tutor.getByTestId('receipt-verdict');
      await expect(verdict).toContainText('Signed by this server, and it matches what is stored: all 2 answers');

      // Someone changes the second answer in the database: the same check names it.
      const changed = db
        .prepare('update answers set value = ? where session_uuid = ? and question_id = ?')
        .run(JSON.stringify('tampered'), uuid, second.question.id);
      expect(changed.changes).toBe(1);
      await tutor.reload();
      await tutor.getByLabel('Receipt file').setInputFiles(file);
      const number = lesson.blocks.flatMap((b) => b.questions).indexOf(second.question) + 1;
      await expect(verdict).toContainText('Signed by this server, but these answers differ from what is stored:');
      await expect(verdict.getByRole('listitem')).toHaveText([`Question ${number}: changed since the receipt`]);

      // The QR code's address: the server's own copy of the receipt, checked the same way.
      await tutor.goto(`${server.url}/en/verify?attempt=${uuid}&code=${(await code.textContent()) ?? ''}`);
      await expect(verdict.getByRole('listitem')).toHaveText([`Question ${number}: changed since the receipt`]);
      // A forged file is no receipt of this server's.
      const forged = join(server.dataDir, 'forged.json');
      writeFileSync(
        forged,
        JSON.stringify({ ...signed, score: (signed.score ?? 0) + 1, max_score: signed.max_score ?? 1 }),
      );
      await tutor.goto(`${server.url}/en/verify`);
      await tutor.getByLabel('Receipt file').setInputFiles(forged);
      await expect(verdict).toContainText('Not signed by this server: the receipt was changed after it was signed');
      await tutor.context().close();
    } finally {
      db.close();
    }
  } finally {
    await proxy.down();
  }
});
