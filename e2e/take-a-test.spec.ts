import { answerEveryBlock, finishAndSeeResults } from './answer.ts';
import { expect, test } from './fixtures.ts';
import { lessonFile, planAnswers } from './lesson-key.ts';

const lesson = lessonFile('content/lessons/mathematics/algebra/linear-equations.json');

test('an anonymous student takes a demo lesson and sees exactly the expected score', async ({ page }) => {
  const { plan, score, max } = planAnswers(lesson);
  expect(score).toBeGreaterThan(0);
  expect(score).toBeLessThan(max);

  await page.goto('/');
  await expect(page).toHaveURL(/\/en\/student$/);
  await page.getByRole('link', { name: /Mathematics/ }).click();
  await page.getByRole('link', { name: /Algebra/ }).click();
  await page.getByRole('link', { name: new RegExp(lesson.title.en) }).click();
  await expect(page).toHaveURL(new RegExp(`/en/test/${lesson.slug}$`));
  await expect(page.getByRole('heading', { name: lesson.title.en })).toBeVisible();

  await page.getByRole('button', { name: 'Start test' }).click();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();

  await answerEveryBlock(page, lesson, plan);

  await finishAndSeeResults(page);
  await expect(page).toHaveURL(/\/en\/test\/[0-9a-f-]{36}\/results-preview\?api_token=/);
  await expect(page.getByTestId('score')).toHaveText(`${score} of ${max}`);
});

test('the questions arrive sealed on the preview page: after Start, no block is fetched', async ({ page, context }) => {
  const asked: string[] = [];
  // The page's requests and the service worker's alike.
  context.on('request', (request) => asked.push(`${request.method()} ${new URL(request.url()).pathname}`));
  const payload = page.waitForResponse((res) => /\/v1\/public\/lesson-versions\/\d+\/payload\/en$/.test(res.url()));
  await page.goto(`/en/test/${lesson.slug}`);
  await expect(page.getByRole('heading', { name: lesson.title.en })).toBeVisible();
  expect((await payload).status()).toBe(200);
  const beforeStart = asked.length;

  await page.getByRole('button', { name: 'Start test' }).click();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
  const first = lesson.blocks[0]?.questions[0];
  await expect(page.getByRole('group', { name: first?.text.en, exact: true })).toBeVisible();

  const afterStart = asked.slice(beforeStart);
  expect(afterStart.some((line) => line.startsWith('POST /v1/public/lessons/') && line.endsWith('/start'))).toBe(true);
  expect(afterStart.filter((line) => line.includes('/blocks/'))).toEqual([]);
});
