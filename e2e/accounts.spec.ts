import { address, confirmationLink, registerStudent } from './accounts.ts';
import { answerEveryBlock, finishAndSeeResults } from './answer.ts';
import { expect, type Locator, type Page, test } from './fixtures.ts';
import { lessonFile, planAnswers } from './lesson-key.ts';

const lesson = lessonFile('content/lessons/mathematics/algebra/linear-equations.json');
const PASSWORD = 'correct-horse-battery';

/**
 * Takes the demo lesson, every other answer right; returns the score that must come out. A signed-in
 * taker lands on the result in the account, anyone else on the results preview.
 */
async function takeTheLesson(page: Page, signedIn: boolean): Promise<{ score: number; max: number }> {
  const { plan, score, max } = planAnswers(lesson);
  await page.goto(`/en/test/${lesson.slug}`);
  await page.getByRole('button', { name: 'Start test' }).click();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
  await answerEveryBlock(page, lesson, plan);
  await finishAndSeeResults(page);
  await expect(page).toHaveURL(
    signedIn ? /\/en\/account\/passed-test-[0-9a-f-]{36}$/ : /\/en\/test\/[0-9a-f-]{36}\/results-preview\?api_token=/,
  );
  if (signedIn) await expect(page.getByTestId('score')).toHaveText(/^\d+(\.\d+)? of \d+$/);
  return { score, max };
}

async function register(page: Page, dialog: Locator, email: string, role: 'student' | 'tutor' = 'student') {
  await dialog.getByRole('radio', { name: role === 'tutor' ? 'a tutor' : 'a student' }).check();
  await dialog.getByLabel('Name', { exact: true }).fill('Anna');
  await dialog.getByLabel('Surname', { exact: true }).fill('Kowalska');
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Repeat the password').fill(PASSWORD);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Register', exact: true }).click();
  const notice = page.getByRole('dialog', { name: 'Confirm your e-mail' });
  await expect(notice).toContainText(email);
  await notice.getByRole('button', { name: 'Go to my account' }).click();
  await expect(page).toHaveURL(/\/en\/account$/);
}

async function signIn(page: Page, email: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/** The passed-tests list has this lesson with this score; opens its details. */
async function openPassedTest(page: Page, score: number, max: number) {
  await page.goto('/en/account/passed-tests');
  const item = page.getByTestId('passed-test').filter({ hasText: lesson.title.en });
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('passed-test-score')).toHaveText(`${score} of ${max} points`);
  await item.getByRole('link', { name: lesson.title.en }).click();
  await expect(page).toHaveURL(/\/en\/account\/passed-test-[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(lesson.title.en);
  await expect(page.getByTestId('score')).toHaveText(`${score} of ${max}`);
  // Every block's answers, each loaded on its own.
  const firstQuestion = lesson.blocks[0]?.questions[0]?.text.en ?? '';
  const lastQuestion = lesson.blocks.at(-1)?.questions.at(-1)?.text.en ?? '';
  await expect(page.getByText(firstQuestion)).toBeVisible();
  await expect(page.getByText(lastQuestion)).toBeVisible();
}

test('a student registers, confirms the e-mail, signs out and in, and finds a taken test in the account', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = address('student');
  await page.goto('/en/student');
  await page.getByRole('banner').getByRole('button', { name: 'Register' }).click();
  await register(page, page.getByRole('dialog', { name: 'Registration' }), email);
  await expect(page.getByText('Not confirmed yet')).toBeVisible();

  await page.goto(confirmationLink(email));
  await expect(page).toHaveURL(/\/en\/account\?email=confirmed$/);
  await expect(page.getByText('Your e-mail address is confirmed. Thank you!')).toBeVisible();
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/en\/student$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();

  await signIn(page, email);
  await expect(page).toHaveURL(/\/en\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anna Kowalska');

  const { score, max } = await takeTheLesson(page, true);
  await expect(page.getByTestId('score')).toHaveText(`${score} of ${max}`);
  await openPassedTest(page, score, max);
});

test('an anonymous taker registers from the results page and finds that result in the account', async ({ page }) => {
  test.setTimeout(120_000);
  const { score, max } = await takeTheLesson(page, false);
  await expect(page.getByTestId('score')).toHaveText(`${score} of ${max}`);
  const offer = page.getByRole('complementary', { name: 'Keep this result' });
  await offer.getByRole('button', { name: 'Register and keep it' }).click();
  await register(page, page.getByRole('dialog', { name: 'Registration' }), address('anon'));
  await openPassedTest(page, score, max);
});

test('a tutor registers through the OpenID provider and lands on the tutor page', async ({ page }) => {
  await page.goto('/en/tutor');
  await page.getByRole('banner').getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registration' });
  await dialog.getByRole('radio', { name: 'a tutor' }).check();
  const google = dialog.getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeDisabled();
  await dialog.getByRole('checkbox').check();
  await google.click();

  // The dev provider's own pages: its login form (any name), then its consent form.
  const login = `tutor${Date.now().toString(36)}`;
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any');
  await page.locator('button[type="submit"]').click();
  // Its consent form, when it asks (once per grant): wait for either that form or the way back.
  const consent = page.locator('button[type="submit"]');
  const back = /\/(login\/google\/callback|en\/(tutor|account))/;
  while (!back.test(page.url())) {
    await Promise.race([
      consent.waitFor({ state: 'visible' }).then(() => consent.click().catch(() => undefined)),
      page.waitForURL(back),
    ]).catch(() => undefined);
  }
  await expect(page).toHaveURL(/\/en\/tutor$/);
  await expect(page.getByRole('banner').getByRole('link', { name: /Your account/ })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('a signed-in student who opens the tutor page is sent to the student page', async ({ page, request }) => {
  const email = address('roles');
  await registerStudent(request, email, 'Ola', 'Nowak');
  await page.goto('/en/contacts');
  await signIn(page, email);
  await page.goto('/en/tutor');
  await expect(page).toHaveURL(/\/en\/student$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Your account: Ola' })).toBeVisible();
});

test('a signed-in user switches the language with the modal, and the account keeps it', async ({ page, request }) => {
  const email = address('language');
  await registerStudent(request, email, 'Iryna', 'Bondar');
  await page.goto('/en/contacts');
  await signIn(page, email);
  await page.goto('/en/contacts');
  await page.getByRole('button', { name: 'Language: English' }).click();
  const kept = page.waitForResponse(
    (response) => response.url().endsWith('/v1/auth/session') && response.request().method() === 'PATCH',
  );
  await page.getByRole('dialog', { name: 'Choose a language' }).getByRole('link', { name: 'Polski' }).click();
  await expect(page).toHaveURL(/\/pl\/contacts$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  // Not sent back to English: the session follows the choice. A new visit to an English page goes
  // to Polish, because the account kept it (once the account has said so).
  expect((await kept).ok()).toBe(true);
  await expect(page).toHaveURL(/\/pl\/contacts$/);
  await page.goto('/en/contacts');
  await expect(page).toHaveURL(/\/pl\/contacts$/);
});
