/**
 * Accommodations end to end: a tutor keeps ×1.5 for one student by e-mail, two signed-in students
 * start one lobby assignment on the signal, and the server's deadlines differ by exactly half the
 * test's time; the monitor shows it; a change mid-test reaches the student's countdown. Then, in
 * Ukrainian, the test's own help: read-aloud through the device's voices (stubbed), and the timer's
 * warnings at their time (the page's clock moved by Playwright).
 */
import { address, confirmationLink, registerStudent } from './accounts.ts';
import { secondsOf } from './countdown.ts';
import { e2eDb } from './e2e-db.ts';
import { mainServer } from './e2e-server.ts';
import { type Browser, expect, test } from './fixtures.ts';
import { lessonFile } from './lesson-key.ts';
import { signedInTutor, signIn } from './tutor.ts';
import { spoken, stubVoices } from './voices.ts';

const lesson = lessonFile('content/lessons/mathematics/algebra/linear-equations.json');
const DURATION_MS = lesson.duration_seconds * 1000;

function deadlinesOnServer(code: string): Map<string, number> {
  const db = e2eDb();
  try {
    const rows = db
      .prepare(
        `select s.display_name, s.deadline from online_sessions s join assignments a on a.id = s.assignment_id
         where a.code = ?`,
      )
      .all(code) as { display_name: string; deadline: number }[];
    return new Map(rows.map((row) => [row.display_name, row.deadline]));
  } finally {
    db.close();
  }
}

async function student(browser: Browser, firstname: string, confirm: boolean) {
  const context = await browser.newContext({ baseURL: mainServer().url, locale: 'en-US' });
  const page = await context.newPage();
  const email = address(firstname.toLowerCase());
  await registerStudent(context.request, email, firstname, 'Student');
  if (confirm) await page.goto(confirmationLink(email));
  await signIn(page, email);
  return { context, page, email };
}

test('a student with ×1.5 and one without start one lobby assignment: their own deadlines, the monitor shows it, a change mid-test reaches the countdown', async ({
  page: tutor,
  browser,
}) => {
  test.setTimeout(150_000);
  const ann = await student(browser, 'Ann', true);
  const bo = await student(browser, 'Bohdan', true);
  await signedInTutor(tutor);

  // The tutor names Ann by e-mail, before she has taken any of their tests.
  await tutor.goto('/en/tutor/assignments/accommodations');
  await tutor.getByLabel('Student').selectOption({ label: 'Someone else, by e-mail' });
  await tutor.getByLabel('E-mail').pressSequentially(ann.email);
  await tutor.getByRole('radio', { name: 'The test’s time ×1.5' }).check();
  await tutor.getByRole('button', { name: 'Keep it' }).click();
  const kept = tutor.getByTestId('kept-accommodation').filter({ hasText: ann.email });
  await expect(kept).toContainText('×1.5 time');

  await tutor.goto(`/en/tutor/assignments/new?lesson=${lesson.slug}`);
  await tutor.getByRole('radio', { name: 'Everyone together, on my signal (takers wait in a lobby)' }).check();
  await tutor.getByRole('button', { name: 'Give the test' }).click();
  await expect(tutor).toHaveURL(/\/en\/tutor\/assignments\/[0-9a-f-]{36}$/);
  const code = (await tutor.getByTestId('assignment-code').textContent()) ?? '';

  for (const taker of [ann.page, bo.page]) {
    await taker.goto(`/en/a/${code}`);
    await taker.getByRole('button', { name: 'Join' }).click();
    await expect(taker.getByText('You are in. The test starts when your tutor gives the signal.')).toBeVisible();
  }
  await expect(tutor.getByTestId('monitor-lobby')).toContainText('Bohdan Student');
  await tutor.getByRole('button', { name: 'Start now for everyone' }).click();
  const annTimer = ann.page.getByRole('timer', { name: 'Time left' });
  await expect(annTimer).toBeVisible();
  await expect(bo.page.getByRole('timer', { name: 'Time left' })).toBeVisible();

  // The server's deadlines: one signal, Ann's half the test's time later.
  const deadlines = deadlinesOnServer(code);
  expect((deadlines.get('Ann Student') ?? 0) - (deadlines.get('Bohdan Student') ?? 0)).toBe(DURATION_MS / 2);
  expect(secondsOf(await annTimer.textContent())).toBeGreaterThan((DURATION_MS * 1.5) / 1000 - 30);
  const annRow = tutor.getByTestId('monitor-taker').filter({ hasText: 'Ann Student' });
  await expect(annRow.getByTestId('accommodation-badge')).toHaveText('Accommodation: ×1.5 time');
  await expect(tutor.getByTestId('monitor-taker').filter({ hasText: 'Bohdan Student' })).not.toContainText('×');

  // Mid-test, Ann's accommodation becomes ×2: her device learns it on its next contact.
  await tutor.goto('/en/tutor/assignments/accommodations');
  await kept.getByRole('button', { name: /^Change/ }).click();
  await tutor.getByRole('radio', { name: 'The test’s time ×2' }).check();
  await tutor.getByRole('button', { name: 'Save the change' }).click();
  await expect(tutor.getByText('Kept. Running attempts it changed: 1')).toBeVisible();
  await expect
    .poll(
      () => (deadlinesOnServer(code).get('Ann Student') ?? 0) - (deadlinesOnServer(code).get('Bohdan Student') ?? 0),
    )
    .toBe(DURATION_MS);
  await expect
    .poll(async () => secondsOf(await annTimer.textContent()), { timeout: 40_000 })
    .toBeGreaterThan((DURATION_MS * 2) / 1000 - 90);
  await ann.context.close();
  await bo.context.close();
});

test('in Ukrainian: read-aloud with the device’s voice (and says so where there is none); the timer’s warnings at 10, 5 and 1 minute; the time hidden and display kept', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: mainServer().url, locale: 'uk-UA' });
  const page = await context.newPage();
  await stubVoices(page, ['en-US', 'uk-UA']);
  await page.clock.install();
  await page.goto(`/uk/test/${lesson.slug}`);
  await page.getByRole('button', { name: 'Почати тест' }).click();
  const timer = page.getByRole('timer', { name: 'Залишилося часу' });
  await expect(timer).toBeVisible();

  const first = lesson.blocks[0]?.questions[0];
  const second = lesson.blocks[0]?.questions[1];
  await page.getByRole('button', { name: 'Прочитати вголос' }).first().click();
  await expect.poll(() => spoken(page)).toHaveLength(1);
  const [said] = await spoken(page);
  expect(said?.lang).toBe('uk-UA');
  expect(said?.voice).toBe('Test uk-UA');
  expect(said?.text).toContain(first?.text.uk);
  expect(said?.text.startsWith('Питання 1.')).toBe(true);
  // Alt+Shift+R reads the question the keyboard is in.
  await page.locator(`[data-question="${second?.id}"]`).locator('input').first().focus();
  await page.keyboard.press('Alt+Shift+KeyR');
  await expect.poll(async () => (await spoken(page)).at(-1)?.text ?? '').toContain(second?.text.uk ?? '');

  // The warnings, each in the interface's language at its time.
  const polite = page.getByTestId('time-warning-polite');
  const urgent = page.getByTestId('time-warning-urgent');
  await expect(polite).toHaveText('');
  await page.clock.fastForward(lesson.duration_seconds * 1000 - 10 * 60_000);
  await expect(polite).toHaveText('Залишилося 10 хвилин.');
  await page.clock.fastForward(60_000);
  await expect(polite).toHaveText('');
  await page.clock.fastForward(4 * 60_000);
  await expect(polite).toHaveText('Залишилося 5 хвилин.');
  await page.clock.fastForward(4 * 60_000);
  await expect(urgent).toHaveText('Залишилася одна хвилина.');
  await expect(page.getByText('Остання хвилина')).toBeVisible();

  // The countdown hidden from view (still read out), and shown again.
  const hide = page.getByRole('button', { name: 'Сховати час' });
  await hide.click();
  await expect(hide).toHaveAttribute('aria-pressed', 'true');
  await expect(timer).toHaveClass('visually-hidden');
  await hide.click();
  await expect(timer).toHaveClass('countdown__value');

  // High contrast and larger text, kept on the device.
  await page.getByRole('button', { name: 'Вигляд' }).click();
  await page.getByRole('checkbox', { name: 'Висока контрастність' }).check();
  await page.getByRole('checkbox', { name: 'Більший текст' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-high-contrast', '');
  await expect(page.locator('html')).toHaveAttribute('data-large-text', '');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('zalik:taking-display') ?? '{}'))).toMatchObject({
    highContrast: true,
    largeText: true,
  });

  // A device with no Ukrainian voice says so, and reads nothing in another language.
  const other = await context.newPage();
  await stubVoices(other, ['en-US']);
  await other.goto(`/uk/test/${lesson.slug}`);
  const none = other.getByRole('button', { name: 'На цьому пристрої немає голосу для мови тесту' }).first();
  await expect(none).toHaveAttribute('aria-disabled', 'true');
  await other.locator(`[data-question="${second?.id}"]`).locator('input').first().focus();
  await other.keyboard.press('Alt+Shift+KeyR');
  expect(await spoken(other)).toEqual([]);
  await context.close();
});
