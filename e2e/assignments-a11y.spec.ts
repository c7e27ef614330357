import { randomUUID } from 'node:crypto';
import { PLAINEST_RULES } from '../contract/assignments.ts';
import { catalog, LOCALES, TAGS } from './catalogs.ts';
import { expectAccessibleAtEveryWidth } from './every-width.ts';
import { type Browser, expect, type Page, test } from './fixtures.ts';
import { lessonFile } from './lesson-key.ts';
import { tutorWithToken } from './tutor.ts';

/**
 * The assignment pages have no axe violation in any language at a phone's width and a desktop's:
 * the tutor's list, the form that gives a test, one assignment's monitor (with its QR code shown),
 * its results with the histogram, its question analysis, its marking tab and one attempt's review, the
 * standing accommodations; and the taker's page of the assignment, the lobby's waiting page and the running test with its
 * display choices open. Each also with text at 200 % and the text spacing overridden (every-width.ts).
 */

const lesson = lessonFile('content/lessons/mathematics/algebra/linear-equations.json');

/** A tutor signed in on the page with an assignment of two takers (one finished, one running), and a taker's page. */
async function prepare(page: Page, browser: Browser) {
  const auth = await tutorWithToken(page);

  const made = await page.request.post('/v1/tutor/assignments', {
    headers: auth,
    data: { lesson_slug: lesson.slug, rules: PLAINEST_RULES },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id, code } = (await made.json()).data;

  // Two takers: one finished with an answer, one still running.
  const question = lesson.blocks[0]?.questions.find((q) => q.type === 'single');
  if (question?.type !== 'single') throw new Error('the lesson changed');
  const takers: { uuid: string; api_token: string }[] = [];
  for (const name of ['Ann Lee', 'Bo Chen']) {
    const started = await page.request.post(`/v1/public/assignments/${code}/start`, { data: { display_name: name } });
    expect(started.status()).toBe(201);
    takers.push((await started.json()).data);
  }
  const [done, running] = takers as [(typeof takers)[0], (typeof takers)[0]];
  await page.request.post(`/v1/public/lessons/online/${done.uuid}/answer?api_token=${done.api_token}`, {
    data: [{ answer_id: randomUUID(), question_id: question.id, value: question.correct, answered_at: Date.now() }],
  });
  await page.request.post(`/v1/public/lessons/online/${done.uuid}/finish?api_token=${done.api_token}`, {
    data: { reason: 'manual' },
  });
  await page.request.post(`/v1/public/lessons/online/${running.uuid}/heartbeat`, {
    data: { api_token: running.api_token, unsent: 2 },
  });

  // A standing accommodation, for the accommodations page.
  const kept = await page.request.put('/v1/tutor/accommodations', {
    headers: auth,
    data: { email: 'ola@example.test', accommodation: { time: 'multiplier', multiplier: 1.5, read_aloud: true } },
  });
  expect(kept.status(), await kept.text()).toBe(200);

  const taker = await (await browser.newContext()).newPage();

  // An assignment that starts on the signal, for the lobby's waiting page.
  const lobby = await page.request.post('/v1/tutor/assignments', {
    headers: auth,
    data: { lesson_slug: lesson.slug, rules: { ...PLAINEST_RULES, start: 'signal' } },
  });
  expect(lobby.status(), await lobby.text()).toBe(201);

  return { auth, id, code, done, taker, lobbyCode: (await lobby.json()).data.code as string };
}

for (const locale of LOCALES) {
  test(`the assignment pages pass axe in ${locale} at 320, 375 and 1280 px and with text at 200 %, and reflow`, async ({
    page,
    browser,
  }) => {
    // About half of this on this project's machines; the margin is for a machine running slow.
    test.setTimeout(300_000);
    const { auth, id, code, done, taker, lobbyCode } = await prepare(page, browser);
    const changed = await page.request.patch('/v1/auth/session', { headers: auth, data: { locale } });
    expect(changed.status()).toBe(200);
    const say = (text: string) => catalog(locale).get(text) || text;
    // Each page loaded once and read at every width and text size: the layout follows them.
    const atEveryWidth = (where: string, subject: Page = page) =>
      expectAccessibleAtEveryWidth(subject, `${locale} ${where}`);

    await page.goto(`/${locale}/tutor/assignments`);
    await expect(page.locator('html')).toHaveAttribute('lang', TAGS[locale]);
    await expect(page.getByRole('link', { name: lesson.title[locale] ?? lesson.title.en })).toHaveCount(2);
    await atEveryWidth('assignment list');

    await page.goto(`/${locale}/tutor/assignments/new?lesson=${lesson.slug}`);
    await expect(page.getByRole('button', { name: say('Give the test') })).toBeVisible();
    await atEveryWidth('new assignment');

    await page.goto(`/${locale}/tutor/assignments/${id}`);
    await expect(page.getByTestId('monitor-taker')).toHaveCount(2);
    await page.getByRole('button', { name: say('Show a QR code') }).click();
    await expect(page.locator('.qr-code')).toBeVisible();
    await atEveryWidth('monitor');

    await page.goto(`/${locale}/tutor/assignments/${id}/results`);
    await expect(page.getByTestId('result-row')).toHaveCount(2);
    await expect(page.locator('.histogram')).toBeVisible();
    await atEveryWidth('results');

    await page.goto(`/${locale}/tutor/assignments/${id}/analysis`);
    await expect(page.getByTestId('analysis-question').first()).toBeVisible();
    await expect(page.getByTestId('test-figures')).toBeVisible();
    await atEveryWidth('analysis');

    // A test without essays: the marking tab says so, its choices still there.
    await page.goto(`/${locale}/tutor/assignments/${id}/marking`);
    await expect(page.getByText(say('This test has no questions marked by hand.'))).toBeVisible();
    await atEveryWidth('marking');

    await page.goto(`/${locale}/tutor/assignments/${id}/attempts/${done.uuid}`);
    await expect(page.getByTestId('score')).toBeVisible();
    await atEveryWidth('attempt review');

    await taker.goto(`/${locale}/a/${code}`);
    await expect(taker.locator('html')).toHaveAttribute('lang', TAGS[locale]);
    await expect(taker.getByRole('button', { name: say('Start test') })).toBeVisible();
    await atEveryWidth('taker’s page', taker);

    // The lobby: waiting for the tutor's signal.
    await taker.goto(`/${locale}/a/${lobbyCode}`);
    await taker.getByLabel(say('Your name')).pressSequentially('Ola Nowak');
    await taker.getByRole('button', { name: say('Join') }).click();
    await expect(taker.getByText(say('You are in. The test starts when your tutor gives the signal.'))).toBeVisible();
    await atEveryWidth('the lobby', taker);

    // The running test, its display choices open.
    await taker.goto(`/${locale}/a/${code}`);
    // The name typed in the lobby may be offered again.
    await taker.getByLabel(say('Your name')).clear();
    await taker.getByLabel(say('Your name')).pressSequentially('Ola Nowak');
    await taker.getByRole('button', { name: say('Start test') }).click();
    await expect(taker.getByRole('timer')).toBeVisible();
    await taker.getByRole('button', { name: say('Display') }).click();
    await expect(taker.getByRole('checkbox', { name: say('High contrast') })).toBeVisible();
    await atEveryWidth('the running test', taker);

    await page.goto(`/${locale}/tutor/assignments/accommodations`);
    await expect(page.getByTestId('kept-accommodation')).toHaveCount(1);
    await atEveryWidth('accommodations');
  });
}
