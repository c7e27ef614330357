/**
 * A refusal reaches the taker in their language on the paths that matter most: answers and a finish
 * queued while the server was away, refused when it comes back. Here the server returns from a
 * backup taken before the test began, so it no longer knows the session: the queued answer and the
 * queued finish are refused (401), and a Polish taker reads why in Polish.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Question } from '../contract/content.ts';
import { ownPort } from './e2e-server.ts';
import { expect, type Request, test } from './fixtures.ts';
import { lessonFile } from './lesson-key.ts';
import { OwnServer } from './own-server.ts';

const lesson = lessonFile('content/lessons/mathematics/algebra/linear-equations.json');

const POLISH_UNKNOWN_SESSION = 'Taka sesja testu nie istnieje lub api_token jest nieprawidłowy';

test('a queued finish refused by the server is explained in the taker’s language (Polish)', async ({ page }) => {
  test.setTimeout(120_000);
  const server = new OwnServer(ownPort(4));
  await server.start();
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/v1\/public\/lessons\/online\//.test(request.url())) sent.push(request);
  });
  try {
    await page.goto(`${server.url}/pl/test/${lesson.slug}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.getByRole('button', { name: 'Rozpocznij test' }).click();
    await expect(page.getByRole('timer', { name: 'Pozostały czas' })).toBeVisible();
    const first = lesson.blocks[0]?.questions[0] as Extract<Question, { type: 'single' }>;
    const question = page.getByRole('group', { name: first.text.pl, exact: true });
    await expect(question).toBeVisible();
    const uuid = await page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const open = indexedDB.open('zalik-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result.transaction('attempts').objectStore('attempts').getAllKeys();
            read.onsuccess = () => {
              open.result.close();
              resolve(String(read.result.at(-1)));
            };
          };
        }),
    );
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);

    // The server goes away; the taker answers and finishes, and both wait on the device.
    await server.kill();
    const option = first.options.find((o) => o.id === first.correct);
    await question.getByRole('radio', { name: option?.text.pl, exact: true }).check();
    await page.getByRole('button', { name: 'Zakończ test' }).click();
    await page.getByRole('button', { name: 'Tak, zakończ' }).click();
    const notice = page.getByRole('dialog', { name: 'Test zakończony' });
    await expect(notice).toBeVisible();

    // It comes back from a backup made before this test started.
    const db = new Database(join(server.dataDir, 'zalik.sqlite'));
    db.prepare('delete from answers where session_uuid = ?').run(uuid);
    expect(db.prepare('delete from online_sessions where uuid = ?').run(uuid).changes).toBe(1);
    db.close();
    await server.start();

    await expect(notice).toContainText(`Serwer nie przyjął zakończenia testu: ${POLISH_UNKNOWN_SESSION}`, {
      timeout: 60_000,
    });
    await expect(notice.getByRole('alert')).toHaveText('1 odpowiedź nie została przyjęta przez serwer.');

    // Both queued requests said which language their taker reads.
    const finishes = sent.filter((r) => r.url().includes('/finish'));
    const answers = sent.filter((r) => r.url().includes('/answer'));
    expect(finishes.length).toBeGreaterThan(0);
    expect(answers.length).toBeGreaterThan(0);
    for (const request of [...finishes, ...answers]) {
      expect(await request.headerValue('application-language'), request.url()).toBe('pl');
    }
    // Nothing was stored for a session the server does not know.
    const check = new Database(join(server.dataDir, 'zalik.sqlite'), { readonly: true });
    expect(check.prepare('select count(*) as n from answers where session_uuid = ?').get(uuid)).toEqual({ n: 0 });
    check.close();
  } finally {
    await server.kill();
  }
});
