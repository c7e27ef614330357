/**
 * The exam room end to end: one taker's device has no connection at all (the proxy all its
 * requests go through is down) while the tutor sends a message to everyone and pauses everyone;
 * the other taker, online and answering all along (so his device sends no heartbeat of its own), gets
 * the message within seconds, then the pause. The tutor resumes; the first taker comes back, sees
 * the message, and a countdown whose deadline moved by the pause, as the server's did. Every answer
 * made, online or off, is on the server.
 */
import { PLAINEST_RULES } from '../contract/assignments.ts';
import { answer } from './answer.ts';
import { secondsOf } from './countdown.ts';
import { e2eDb } from './e2e-db.ts';
import { mainServer, ownPort } from './e2e-server.ts';
import { type Browser, expect, type Page, test } from './fixtures.ts';
import { FlakyProxy } from './flaky-proxy.ts';
import { lessonFile, planAnswers } from './lesson-key.ts';
import { waitForServiceWorker } from './service-worker.ts';
import { waitForStoredBlocks } from './stored-blocks.ts';
import { tutorWithToken } from './tutor.ts';

const lesson = lessonFile('content/lessons/mathematics/algebra/linear-equations.json');

async function taker(browser: Browser, base: string, code: string, name: string) {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto(`${base}/en/a/${code}`);
  await waitForServiceWorker(page);
  await page.getByLabel('Your name').pressSequentially(name);
  await page.getByRole('button', { name: 'Start test' }).click();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
  await waitForStoredBlocks(page);
  return { context, page };
}

function onServer(code: string, name: string) {
  const db = e2eDb();
  try {
    const session = db
      .prepare(
        `select s.uuid, s.deadline from online_sessions s join assignments a on a.id = s.assignment_id
         where a.code = ? and s.display_name = ?`,
      )
      .get(code, name) as { uuid: string; deadline: number };
    const answers = db.prepare('select question_id from answers where session_uuid = ?').all(session.uuid) as {
      question_id: string;
    }[];
    // Each question answered (a typed answer may be stored more than once as it is changed).
    return { ...session, answers: [...new Set(answers.map((a) => a.question_id))].sort() };
  } finally {
    db.close();
  }
}

const roomAnnouncement = (page: Page) => page.getByTestId('room-announcement');

test('a message and a pause reach the taker who was offline once back: the message, and the deadline moved by the pause', async ({
  page: tutor,
  browser,
}) => {
  test.setTimeout(180_000);
  const auth = await tutorWithToken(tutor);
  const made = await tutor.request.post('/v1/tutor/assignments', {
    headers: auth,
    data: { lesson_slug: lesson.slug, rules: PLAINEST_RULES },
  });
  expect(made.status()).toBe(201);
  const { id, code } = (await made.json()).data as { id: string; code: string };
  const proxy = new FlakyProxy(ownPort(14), mainServer().port);
  await proxy.start();
  try {
    const { plan } = planAnswers(lesson);
    const [first, second, third] = plan.filter((p) => lesson.blocks[0]?.questions.includes(p.question));
    if (!first || !second || !third) throw new Error('the lesson needs three questions in its first block');
    const ann = await taker(browser, proxy.url, code, 'Ann Offline');
    const bo = await taker(browser, mainServer().url, code, 'Bo Online');
    await answer(ann.page, first);
    await expect(ann.page.getByTestId('waiting-answers')).toHaveText('All answers sent');
    const before = onServer(code, 'Ann Offline');
    const boBefore = onServer(code, 'Bo Online');

    // Ann's device loses every connection; she keeps answering.
    await proxy.down();
    await ann.context.setOffline(true);
    await answer(ann.page, second);

    await tutor.goto(`/en/tutor/assignments/${id}`);
    // Bo keeps answering from here on, so his device has no reason of its own to send a heartbeat
    // (each answer says he is there, and none is ever 15 s old): the room reaches him all the same.
    await answer(bo.page, first);
    await tutor.getByLabel('Message to the takers').pressSequentially('Question 2 uses whole numbers only.');
    await tutor.getByRole('button', { name: 'Send the message' }).click();
    await expect(tutor.getByTestId('room-delivery')).toContainText('Shown to 0 of 2');
    for (let n = 0; n < 8 && (await roomAnnouncement(bo.page).textContent()) === ''; n += 1) {
      await answer(bo.page, { ...first, right: n % 2 === 1 });
      await bo.page.waitForTimeout(2_000);
    }
    await expect(roomAnnouncement(bo.page)).toHaveText('Message from your tutor: Question 2 uses whole numbers only.');
    await expect(tutor.getByTestId('room-delivery')).toContainText('not yet: Ann Offline', { timeout: 10_000 });
    await tutor.getByTestId('pause-toggle').click();
    await tutor
      .getByRole('dialog', { name: 'Pause everyone?' })
      .getByRole('button', { name: 'Pause everyone' })
      .click();
    await expect(tutor.getByTestId('pause-toggle')).toHaveText('Resume everyone');
    // The server took the pause before this and takes the resume after `resumedAt`.
    const pausedAt = Date.now();

    // Bo stopped answering: his next heartbeat brings the pause, and the questions are hidden.
    await expect(bo.page.getByTestId('room-paused')).toBeVisible({ timeout: 30_000 });
    await expect(bo.page.getByRole('group', { name: first.question.text.en, exact: true })).toHaveCount(0);
    const boFrozen = secondsOf(await bo.page.getByRole('timer', { name: 'Time left' }).textContent());
    await bo.page.waitForTimeout(4_000);
    expect(secondsOf(await bo.page.getByRole('timer', { name: 'Time left' }).textContent())).toBeGreaterThanOrEqual(
      boFrozen - 1,
    );
    await expect(tutor.getByTestId('room-delivery')).toContainText('not yet: Ann Offline', { timeout: 30_000 });

    // The tutor resumes: every deadline moved by at least the time the test held the pause (the checks
    // above took 4 s and more; a fixed 10 s more proved nothing they do not).
    const resumedAt = Date.now();
    await tutor.getByTestId('pause-toggle').click();
    await expect(tutor.getByTestId('pause-toggle')).toHaveText('Pause everyone');
    const moved = onServer(code, 'Ann Offline').deadline - before.deadline;
    expect(resumedAt - pausedAt).toBeGreaterThanOrEqual(4_000);
    expect(moved).toBeGreaterThanOrEqual(resumedAt - pausedAt);
    expect(onServer(code, 'Bo Online').deadline - boBefore.deadline).toBe(moved);
    // Paused, his device asks at every 5 s check: the questions are back within one, not a heartbeat's 15 s.
    await expect(bo.page.getByTestId('room-paused')).toHaveCount(0, { timeout: 8_000 });

    // Ann is back: the message, no pause, her countdown counting to the moved deadline, her answer sent.
    await proxy.start();
    await ann.context.setOffline(false);
    await expect(ann.page.getByTestId('room-messages')).toContainText('Question 2 uses whole numbers only.', {
      timeout: 40_000,
    });
    await expect(ann.page.getByTestId('room-paused')).toHaveCount(0);
    const deadline = onServer(code, 'Ann Offline').deadline;
    await expect
      .poll(async () => {
        const left = secondsOf(await ann.page.getByRole('timer', { name: 'Time left' }).textContent());
        return Math.abs(left - (deadline - Date.now()) / 1000);
      })
      .toBeLessThan(5);
    await answer(ann.page, third);
    await expect(ann.page.getByTestId('waiting-answers')).toHaveText('All answers sent');
    expect(onServer(code, 'Ann Offline').answers).toEqual([first, second, third].map((p) => p.question.id).sort());
    await expect(tutor.getByTestId('room-delivery')).toContainText('Shown to all 2', { timeout: 30_000 });
    await ann.context.close();
    await bo.context.close();
  } finally {
    await proxy.down();
  }
});

test('the message box holds 500 characters as a person counts them: 300 emoji go whole, 501 are cut to 500', async ({
  page: tutor,
}) => {
  const auth = await tutorWithToken(tutor);
  const made = await tutor.request.post('/v1/tutor/assignments', {
    headers: auth,
    data: { lesson_slug: lesson.slug, rules: PLAINEST_RULES },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()).data as { id: string };
  await tutor.goto(`/en/tutor/assignments/${id}`);
  const box = tutor.getByLabel('Message to the takers');
  // Each emoji is two UTF-16 code units: a textarea's maxLength of 500 stopped them at 250.
  await box.fill('😀'.repeat(501));
  await expect(box).toHaveValue('😀'.repeat(500));
  await box.fill('😀'.repeat(300));
  await expect(box).toHaveValue('😀'.repeat(300));
  await tutor.getByRole('button', { name: 'Send the message' }).click();
  await expect(tutor.getByTestId('room-sent')).toContainText('😀'.repeat(300));
  const sent = await tutor.request.get(`/v1/tutor/assignments/${id}/messages`, { headers: auth });
  expect(((await sent.json()).data as { text: string }[]).map((m) => m.text)).toEqual(['😀'.repeat(300)]);
});
