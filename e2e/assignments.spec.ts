/**
 * Assignments end to end, against the built app and the real server: a class waiting in the lobby
 * starts on the tutor's signal on one server moment, and a student on bad Wi-Fi is shown to the
 * tutor as offline with the answers their device still holds. Each test also reads what the server
 * stored, not only the screen.
 */

import { answer, finishAndSeeResults } from './answer.ts';
import { secondsOf } from './countdown.ts';
import { e2eDb } from './e2e-db.ts';
import { mainServer, ownPort } from './e2e-server.ts';
import { type Browser, expect, test } from './fixtures.ts';
import { FlakyProxy } from './flaky-proxy.ts';
import { tabTo } from './keyboard.ts';
import { type DemoQuestion, lessonFile, planAnswers } from './lesson-key.ts';
import { waitForServiceWorker } from './service-worker.ts';
import { waitForStoredBlocks } from './stored-blocks.ts';
import { tutorWithToken } from './tutor.ts';

const lesson = lessonFile('content/lessons/mathematics/algebra/linear-equations.json');

/** What the server holds for one taker of the assignment, by the name they gave. */
function takerOnServer(code: string, name: string) {
  const db = e2eDb();
  try {
    const session = db
      .prepare(
        `select s.uuid, s.started_at, s.deadline, s.status, s.unsent_answers from online_sessions s
         join assignments a on a.id = s.assignment_id where a.code = ? and s.display_name = ?`,
      )
      .get(code, name) as
      | { uuid: string; started_at: number; deadline: number; status: string; unsent_answers: number | null }
      | undefined;
    const answers = session
      ? (db.prepare('select question_id from answers where session_uuid = ?').all(session.uuid) as unknown[]).length
      : 0;
    return { session, answers };
  } finally {
    db.close();
  }
}

async function newTaker(browser: Browser, origin: string, skewMs = 0) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  // A device whose clock is wrong: set before the app loads, as a phone's would be.
  if (skewMs) await page.clock.setSystemTime(new Date(Date.now() + skewMs));
  return { context, page };
}

test('two takers wait in the lobby; on the tutor’s signal both countdowns start together, one device’s clock 5 minutes wrong', async ({
  page: tutor,
  browser,
}) => {
  test.setTimeout(120_000);
  await tutorWithToken(tutor);
  await tutor.goto(`/en/tutor/assignments/new?lesson=${lesson.slug}`);
  await tutor.getByRole('radio', { name: 'Everyone together, on my signal (takers wait in a lobby)' }).check();
  await tutor.getByRole('button', { name: 'Give the test' }).click();
  await expect(tutor).toHaveURL(/\/en\/tutor\/assignments\/[0-9a-f-]{36}$/);
  await expect(tutor.getByTestId('assignment-state')).toHaveText('Waiting for your signal');
  const code = (await tutor.getByTestId('assignment-code').textContent()) ?? '';
  expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);

  const ann = await newTaker(browser, mainServer().url);
  const bo = await newTaker(browser, mainServer().url, 5 * 60_000);
  for (const [taker, name] of [
    [ann.page, 'Ann Lee'],
    [bo.page, 'Bo Chen'],
  ] as const) {
    await taker.goto(`/en/a/${code.toLowerCase()}`);
    await expect(taker.getByRole('heading', { level: 1 })).toHaveText(lesson.title.en);
    await taker.getByLabel('Your name').fill(name);
    await taker.getByRole('button', { name: 'Join' }).click();
    await expect(taker.getByText('You are in. The test starts when your tutor gives the signal.')).toBeVisible();
  }
  // The tutor sees them arrive.
  await expect(tutor.getByTestId('monitor-lobby')).toContainText('Ann Lee');
  await expect(tutor.getByTestId('monitor-lobby')).toContainText('Bo Chen');

  await tutor.getByRole('button', { name: 'Start now for everyone' }).click();
  const annTimer = ann.page.getByRole('timer', { name: 'Time left' });
  const boTimer = bo.page.getByRole('timer', { name: 'Time left' });
  await expect(annTimer).toBeVisible();
  await expect(boTimer).toBeVisible();
  // Read together: the two countdowns are within a second of each other, the skewed clock notwithstanding.
  const [annLeft, boLeft] = await Promise.all([annTimer.textContent(), boTimer.textContent()]);
  expect(Math.abs(secondsOf(annLeft ?? '') - secondsOf(boLeft ?? ''))).toBeLessThanOrEqual(1);
  expect(secondsOf(annLeft ?? '')).toBeGreaterThan(lesson.duration_seconds - 30);

  // On the server: one deadline for both, counted from the signal.
  const annOnServer = takerOnServer(code, 'Ann Lee').session;
  const boOnServer = takerOnServer(code, 'Bo Chen').session;
  expect(annOnServer?.deadline).toBe(boOnServer?.deadline);
  const db = e2eDb();
  const { started_at: signal } = db.prepare('select started_at from assignments where code = ?').get(code) as {
    started_at: number;
  };
  db.close();
  expect(annOnServer?.deadline).toBe(signal + lesson.duration_seconds * 1000);
  expect(Math.abs((annOnServer?.started_at ?? 0) - (boOnServer?.started_at ?? 0))).toBeLessThan(1_000);
  await ann.context.close();
  await bo.context.close();
});

test('a student on bad Wi-Fi: the monitor shows them offline with the answers their device holds, then the answers; results once closed (tutor by keyboard)', async ({
  page: tutor,
  browser,
}) => {
  test.setTimeout(180_000);
  const proxy = new FlakyProxy(ownPort(7), mainServer().port);
  await proxy.start();
  try {
    await tutorWithToken(tutor);
    // The tutor's whole path by keyboard: from the lesson to the assignment, then closing it.
    await tutor.goto(`/en/test/${lesson.slug}`);
    await tabTo(tutor, 'Give this test to a class');
    await tutor.keyboard.press('Enter');
    await expect(tutor.getByRole('heading', { name: 'Give a test' })).toBeVisible();
    await tabTo(tutor, 'As soon as they finish');
    await tutor.keyboard.press('ArrowDown');
    await expect(tutor.getByRole('radio', { name: 'Once the assignment closes' })).toBeChecked();
    await expect(tutor.getByRole('radio', { name: 'Anyone with the link, under a name they type' })).toBeChecked();
    await tabTo(tutor, 'Give the test');
    await tutor.keyboard.press('Enter');
    await expect(tutor).toHaveURL(/\/en\/tutor\/assignments\/[0-9a-f-]{36}$/);
    const code = (await tutor.getByTestId('assignment-code').textContent()) ?? '';

    // The student comes through a connection of their own.
    const student = await newTaker(browser, proxy.url);
    const page = student.page;
    await page.goto(`/en/a/${code}`);
    await waitForServiceWorker(page);
    await page.getByLabel('Your name').fill('Olena Koval');
    await page.getByRole('button', { name: 'Start test' }).click();
    await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
    await waitForStoredBlocks(page);

    const { plan } = planAnswers(lesson);
    const first = lesson.blocks[0]?.questions ?? [];
    const steps = plan.filter((step) => first.includes(step.question as DemoQuestion)).slice(0, 3);
    await answer(page, steps[0] as (typeof plan)[number]);
    // Stored before the Wi-Fi turns bad ("All answers sent" also shows before the click's answer
    // is queued, so the page alone cannot tell).
    await expect.poll(() => takerOnServer(code, 'Olena Koval').answers).toBe(1);
    await expect(page.getByTestId('waiting-answers')).toHaveText('All answers sent');

    // Bad Wi-Fi: answers no longer get through, the device's small heartbeat still does.
    proxy.mode = 'no-answers';
    await answer(page, steps[1] as (typeof plan)[number]);
    await answer(page, steps[2] as (typeof plan)[number]);
    // Two questions answered; the second box by box, and a value already on its way when the next
    // is given is not replaced by it: two or three answers wait, and however many the device holds
    // is what the server and the tutor's monitor must show.
    const waiting = page.getByTestId('waiting-answers');
    await expect(waiting).toHaveText(/^[23] answers waiting to be sent$/);
    const held = Number(/\d+/.exec((await waiting.textContent()) ?? '')?.[0]);
    await expect.poll(() => takerOnServer(code, 'Olena Koval').session?.unsent_answers, { timeout: 40_000 }).toBe(held);
    expect(takerOnServer(code, 'Olena Koval').answers).toBe(1);

    // Then no connection at all: after 30 s without contact the tutor sees the student offline,
    // with the answers their device held at its last contact.
    await student.context.setOffline(true);
    await proxy.down();
    const row = tutor.getByTestId('monitor-taker').filter({ hasText: 'Olena Koval' });
    await expect(row).toContainText('Offline', { timeout: 50_000 });
    await expect(row.getByTestId('monitor-unsent')).toHaveText(String(held));
    await expect(row).toContainText(`1 of ${lesson.blocks.reduce((n, b) => n + b.questions.length, 0)}`);
    expect(takerOnServer(code, 'Olena Koval').answers).toBe(1);

    // Back online: the answers arrive, and the monitor shows them.
    await proxy.start();
    await student.context.setOffline(false);
    await expect(row).toContainText('3 of', { timeout: 30_000 });
    await expect(row).toContainText('Running');
    await expect(row.getByTestId('monitor-unsent')).toHaveText('0');
    expect(takerOnServer(code, 'Olena Koval').answers).toBe(3);

    // Finished: the results wait for the assignment to close.
    await finishAndSeeResults(page);
    await expect(page.getByTestId('results-withheld')).toHaveText(
      'Your answers are saved. The results are shown once the assignment closes',
    );

    // The tutor closes it, by keyboard: the app's own confirmation opens on its safe choice.
    await tabTo(tutor, 'Close the assignment');
    await tutor.keyboard.press('Enter');
    const confirmation = tutor.getByRole('dialog', { name: /^Close the assignment now\?/ });
    await expect(confirmation.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await tutor.keyboard.press('Tab');
    await expect(confirmation.getByRole('button', { name: 'Close the assignment' })).toBeFocused();
    await tutor.keyboard.press('Enter');
    await expect(tutor.getByTestId('assignment-state')).toHaveText('Closed');

    // Released: the student's results show.
    await page.reload();
    await expect(page.getByTestId('score')).toBeVisible();
    expect(takerOnServer(code, 'Olena Koval').session?.status).toBe('finished');
    await student.context.close();
  } finally {
    await proxy.down();
  }
});
