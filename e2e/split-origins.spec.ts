/**
 * The app on a site of its own, the API on another: a build made with ZALIK_API_BASE sends every
 * call (the page's, the outbox's, the service worker's) to the API's origin, whose server lists the
 * app's origin in CORS_ORIGINS. A test taken on the app's site ends up in the API's database.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { answerEveryBlock, finishAndSeeResults } from './answer.ts';
import { ownPort } from './e2e-server.ts';
import { expect, test } from './fixtures.ts';
import { lessonFile, planAnswers } from './lesson-key.ts';
import { OwnServer } from './own-server.ts';

const lesson = lessonFile('content/lessons/mathematics/algebra/linear-equations.json');
const apiServer = new OwnServer(ownPort(9), { DIST_DIR: 'none', CORS_ORIGINS: `http://127.0.0.1:${ownPort(10)}` });
const dist = mkdtempSync(join(tmpdir(), 'zalik-e2e-split-'));
const appServer = new OwnServer(ownPort(10), { DIST_DIR: dist });

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  // The app built for an API elsewhere: the same sources, one build setting.
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', dist, '--emptyOutDir'], {
    env: { ...process.env, ZALIK_API_BASE: apiServer.url },
    stdio: 'ignore',
  });
  await apiServer.start();
  await appServer.start();
});

test.afterAll(async () => {
  await appServer.kill();
  await apiServer.kill();
  rmSync(dist, { recursive: true, force: true });
});

test('a test taken on the app’s own site is stored by the API on another', async ({ page }) => {
  const { plan, score, max } = planAnswers(lesson);
  const origins = new Set<string>();
  page.context().on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/v1/')) origins.add(url.origin);
  });
  await page.goto(`${appServer.url}/en/test/${lesson.slug}`);
  await expect(page.getByRole('heading', { name: lesson.title.en })).toBeVisible();
  await page.getByRole('button', { name: 'Start test' }).click();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
  await answerEveryBlock(page, lesson, plan);
  await finishAndSeeResults(page);
  await expect(page.getByTestId('score')).toHaveText(`${score} of ${max}`);

  // Every /v1 call went to the API's origin, none to the app's.
  expect([...origins]).toEqual([apiServer.url]);
  // And the API's server holds the finished test with every answer; the app's holds none.
  const read = (dataDir: string) => {
    const db = new Database(join(dataDir, 'zalik.sqlite'), { readonly: true });
    try {
      return db
        .prepare(
          `select status, score, (select count(distinct question_id) from answers) as answered from online_sessions`,
        )
        .all();
    } finally {
      db.close();
    }
  };
  expect(read(apiServer.dataDir)).toEqual([{ status: 'finished', score, answered: plan.length }]);
  expect(read(appServer.dataDir)).toEqual([]);
});
