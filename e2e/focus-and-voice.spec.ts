/**
 * Access holes of issue 61: read-aloud speaks a test in the language it is written in (a Polish
 * test in a Ukrainian interface, voice and words alike); the block navigation's titles are read in
 * full with larger text at 320 px; and the keyboard's focus never falls to <body> after a tutor's
 * action (publish, the checklist, an accommodation kept, changed and removed with its confirmation,
 * the lobby's start, a message to the room, the confirm-e-mail dialog closed) nor after a move to
 * another page, where it goes to the new page's heading; nor when a taker's Start test gives way to
 * the running test, where it goes to the test's heading.
 */
import { PLAINEST_RULES } from '../contract/assignments.ts';
import type { TestDraft } from '../contract/tutor-tests.ts';
import { address, registerStudent } from './accounts.ts';
import { expect, type Locator, type Page, test } from './fixtures.ts';
import { tutorWithToken } from './tutor.ts';
import { spoken, stubVoices } from './voices.ts';

const LONG_TITLE = 'Równania kwadratowe z jedną niewiadomą i ich zastosowania w zadaniach tekstowych';
const LONG_WORD = 'Dziewięćdziesięciokilkuletniość';

/** A test written in Polish alone: two blocks with long titles, three questions of one correct option. */
function polishDraft(): TestDraft {
  const pl = (text: string) => ({ pl: text });
  const question = (id: string, text: string, options: string[]) => ({
    id,
    type: 'single' as const,
    points: 1,
    text: pl(text),
    options: options.map((option, n) => ({ id: `o${n}`, text: pl(option) })),
    correct_option: 'o0',
  });
  return {
    title: pl('Wielomiany'),
    description: pl('Sprawdzian z wielomianów'),
    subject: null,
    specialization: null,
    duration_seconds: 1200,
    languages: ['pl'],
    blocks: [
      {
        id: 'b1',
        title: pl(LONG_TITLE),
        questions: [
          question('q1', 'Ile pierwiastków ma równanie x² = 4?', ['Dwa', 'Jeden', 'Żadnego']),
          question('q2', 'Który wielomian jest stopnia trzeciego?', ['x³ + 1', 'x² + 1']),
        ],
      },
      {
        id: 'b2',
        title: pl(`${LONG_WORD} wielomianu`),
        questions: [question('q3', 'Czy 0 jest liczbą?', ['Tak', 'Nie'])],
      },
    ],
  };
}

/** A tutor publishes `draft` and gives it: the assignment's id and code. */
async function given(page: Page, draft: TestDraft, rules: Partial<typeof PLAINEST_RULES> = {}) {
  const auth = await tutorWithToken(page);
  const made = await page.request.post('/v1/tutor/tests', { headers: auth, data: { draft } });
  expect(made.status(), await made.text()).toBe(201);
  const testId = (await made.json()).data.id as string;
  const published = await page.request.post(`/v1/tutor/tests/${testId}/publish`, { headers: auth, data: {} });
  expect(published.status(), await published.text()).toBe(200);
  const assignment = await page.request.post('/v1/tutor/assignments', {
    headers: auth,
    data: { test_id: testId, rules: { ...PLAINEST_RULES, ...rules } },
  });
  expect(assignment.status(), await assignment.text()).toBe(201);
  return { ...((await assignment.json()).data as { id: string; code: string }), testId, auth };
}

/** A taker in a Ukrainian interface starts the assignment by its link. */
async function takeInUkrainian(page: Page, code: string) {
  await page.goto(`/uk/a/${code.toLowerCase()}`);
  await page.getByLabel('Ваше ім’я').pressSequentially('Olena');
  await page.getByRole('button', { name: 'Почати тест' }).click();
  await expect(page.locator('[data-question]')).toHaveCount(2);
}

const CYRILLIC = /[А-Яа-яЇїІіЄєҐґ]/;

test('read-aloud of a Polish test in a Ukrainian interface speaks pl-PL throughout: the voice, the questions and the words around them', async ({
  page,
  browser,
}) => {
  const { code } = await given(page, polishDraft());
  const taker = await (await browser.newContext({ locale: 'uk-UA' })).newPage();
  // A device with both voices: the Ukrainian one must not be taken for Polish words.
  await stubVoices(taker, ['uk-UA', 'pl-PL']);
  await takeInUkrainian(taker, code);

  // The button is the interface's; what it says is the test's.
  await taker.getByRole('button', { name: 'Прочитати вголос' }).first().click();
  await expect.poll(async () => (await spoken(taker)).length).toBe(1);
  await taker.locator('[data-question="q2"]').locator('input').first().focus();
  await taker.keyboard.press('Alt+Shift+KeyR');
  await expect.poll(async () => (await spoken(taker)).length).toBe(2);
  await taker.getByRole('navigation', { name: 'Блоки' }).getByRole('button').nth(1).click();
  await taker.getByRole('button', { name: 'Прочитати вголос' }).first().click();
  await expect.poll(async () => (await spoken(taker)).length).toBe(3);

  const said = await spoken(taker);
  expect(said.map((s) => [s.lang, s.voice])).toEqual([
    ['pl-PL', 'Test pl-PL'],
    ['pl-PL', 'Test pl-PL'],
    ['pl-PL', 'Test pl-PL'],
  ]);
  expect(said.map((s) => s.text)).toEqual([
    'Pytanie 1. Ile pierwiastków ma równanie x² = 4? Opcje: 1. Dwa. 2. Jeden. 3. Żadnego.',
    'Pytanie 2. Który wielomian jest stopnia trzeciego? Opcje: 1. x³ + 1. 2. x² + 1.',
    'Pytanie 3. Czy 0 jest liczbą? Opcje: 1. Tak. 2. Nie.',
  ]);
  for (const s of said) expect(s.text).not.toMatch(CYRILLIC);
  await taker.context().close();
});

test('with larger text at 320 px the block navigation’s titles are read in full: wrapped, never cut or ellipsed', async ({
  page,
  browser,
}) => {
  const { code } = await given(page, polishDraft());
  const taker = await (await browser.newContext({ locale: 'uk-UA', viewport: { width: 320, height: 640 } })).newPage();
  await takeInUkrainian(taker, code);
  await taker.getByRole('button', { name: 'Вигляд' }).click();
  await taker.getByRole('checkbox', { name: 'Більший текст' }).check();
  await expect(taker.locator('html')).toHaveAttribute('data-large-text', '');

  const titles = taker.locator('.block-nav__title');
  await expect(titles).toHaveText([LONG_TITLE, `${LONG_WORD} wielomianu`]);
  const fits = await titles.evaluateAll((elements) =>
    elements.map((element) => ({
      text: element.textContent,
      wide: element.scrollWidth <= element.clientWidth,
      tall: element.scrollHeight <= element.clientHeight,
      ellipsis: getComputedStyle(element).textOverflow,
      tab: (element.closest('button')?.scrollWidth ?? 0) <= (element.closest('button')?.clientWidth ?? 0),
    })),
  );
  for (const fit of fits) {
    expect(fit, fit.text ?? '').toMatchObject({ wide: true, tall: true, tab: true });
    expect(fit.ellipsis, fit.text ?? '').not.toBe('ellipsis');
  }
  await taker.context().close();
});

/** The keyboard's focus after `what`: on a visible element (a control, a result, a heading), never <body>. */
async function expectFocusShown(page: Page, what: string) {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || element === document.body) return 'body';
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          return box.width > 0 && box.height > 0 && style.visibility !== 'hidden'
            ? 'shown'
            : `hidden ${element.tagName}`;
        }),
      { message: `focus after ${what}` },
    )
    .toBe('shown');
}

/** Presses `control` by keyboard, as one who cannot use a pointer. */
async function press(control: Locator) {
  await control.focus();
  await control.page().keyboard.press('Enter');
}

const focusedHeading = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName} ${element.textContent}` : '';
  });

test('the keyboard’s focus stays on the page after a tutor’s actions, and goes to the new page’s heading after a move', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { id, testId, auth } = await given(page, polishDraft(), { start: 'signal' });
  // A draft of its own to check and publish in the editor.
  const draft = await page.request.post(`/v1/tutor/tests/${testId}/duplicate`, { headers: auth });
  expect(draft.status(), await draft.text()).toBe(201);
  await page.goto(`/en/tutor/tests/${(await draft.json()).data.id}`);

  await press(page.getByRole('button', { name: 'Check what is missing' }));
  await expect(page.getByText('Everything is in place: the test can be published.')).toBeVisible();
  await expectFocusShown(page, 'showing the checklist');
  await press(page.getByRole('button', { name: 'Publish', exact: true }));
  await expect(page.getByText('Published. Students will take this version from now on.')).toBeVisible();
  await expectFocusShown(page, 'publishing');

  // An accommodation kept, changed and removed (asked first), all by keyboard.
  const email = address('ann');
  await registerStudent(page.request, email, 'Ann', 'Lee');
  await page.goto('/en/tutor/assignments/accommodations');
  await page.getByLabel('Student').selectOption({ label: 'Someone else, by e-mail' });
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('radio', { name: 'The test’s time ×1.5' }).check();
  await press(page.getByRole('button', { name: 'Keep it' }));
  const kept = page.getByTestId('kept-accommodation').filter({ hasText: email });
  await expect(kept).toContainText('×1.5 time');
  await expectFocusShown(page, 'keeping an accommodation');
  await press(kept.getByRole('button', { name: /^Change/ }));
  await page.getByRole('radio', { name: 'The test’s time ×2' }).check();
  await press(page.getByRole('button', { name: 'Save the change' }));
  await expect(kept).toContainText('×2 time');
  await expectFocusShown(page, 'saving a change');
  await press(kept.getByRole('button', { name: /^Remove/ }));
  await press(page.getByRole('dialog').getByRole('button', { name: 'Remove it' }));
  await expect(kept).toHaveCount(0);
  await expectFocusShown(page, 'removing an accommodation');

  // A move to another page: its heading has the focus.
  await press(page.getByRole('main').getByRole('link', { name: 'Assignments', exact: true }));
  await expect(page).toHaveURL(/\/en\/tutor\/assignments$/);
  await expect.poll(() => focusedHeading(page)).toBe('H1 Assignments');

  await page.goto(`/en/tutor/assignments/${id}`);
  await press(page.getByRole('button', { name: 'Start now for everyone' }));
  await expect(page.getByText('Started: every taker’s time runs from now')).toBeVisible();
  await expectFocusShown(page, 'starting everyone');
  await page.getByLabel('Message to the takers').fill('Ten minutes in: keep going.');
  await press(page.getByRole('button', { name: 'Send the message' }));
  await expect(page.getByText('Message sent.')).toBeVisible();
  await expectFocusShown(page, 'sending a message');
});

test('a taker’s Start test, pressed by keyboard, gives the focus to the running test’s heading, never <body>', async ({
  page,
  browser,
}) => {
  const { code } = await given(page, polishDraft());
  const taker = await (await browser.newContext()).newPage();
  await taker.goto(`/en/a/${code.toLowerCase()}`);
  await taker.getByLabel('Your name').fill('Olena');
  await press(taker.getByRole('button', { name: 'Start test' }));
  await expect(taker.locator('[data-question]')).toHaveCount(2);
  await expectFocusShown(taker, 'starting the test');
  await expect.poll(() => focusedHeading(taker)).toBe('H1 Wielomiany');
  await taker.context().close();
});

test('closing the confirm-e-mail dialog after registering puts the focus on the heading of the page it leads to', async ({
  page,
}) => {
  const password = 'correct-horse-battery';
  await page.goto('/en/contacts');
  await page.getByRole('banner').getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registration' });
  await dialog.getByRole('radio', { name: 'a student' }).check();
  await dialog.getByLabel('Name', { exact: true }).fill('Anna');
  await dialog.getByLabel('Surname', { exact: true }).fill('Kowalska');
  await dialog.getByLabel('E-mail', { exact: true }).fill(address('focus'));
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Repeat the password').fill(password);
  await dialog.getByRole('checkbox').check();
  await press(dialog.getByRole('button', { name: 'Register', exact: true }));
  const notice = page.getByRole('dialog', { name: 'Confirm your e-mail' });
  await press(notice.getByRole('button', { name: 'Go to my account' }));
  await expect(page).toHaveURL(/\/en\/account$/);
  await expect(notice).toHaveCount(0);
  await expectFocusShown(page, 'closing the confirm-e-mail dialog');
  await expect.poll(() => focusedHeading(page)).toMatch(/^H1 /);
});
