/**
 * What the browser tests of the newer question types share: a tutor who writes a one-question test
 * in the editor and gives it, and a taker whose every connection goes through a proxy the test can
 * take down (the port closed, not only setOffline), with what the server stored read from its database.
 */
import type { TestDraft } from '../contract/tutor-tests.ts';
import { e2eDb } from './e2e-db.ts';
import { mainServer, ownPort } from './e2e-server.ts';
import { type Browser, expect, type Page } from './fixtures.ts';
import { FlakyProxy } from './flaky-proxy.ts';
import { waitForServiceWorker } from './service-worker.ts';
import { waitForStoredBlocks } from './stored-blocks.ts';
import { tutorWithToken } from './tutor.ts';

type Lang = 'uk' | 'ru' | 'pl';

/** The interface's words these tests use, in the two languages they run in. */
export const WORDS = {
  uk: {
    locale: 'uk-UA',
    type: 'Тип: Запитання 1 блоку 1',
    saved: 'Усі зміни збережено',
    publish: 'Опублікувати',
    published: 'Опубліковано. Відтепер учні проходитимуть цю версію.',
    give: 'Видати тест',
    name: 'Ваше ім’я',
    start: 'Почати тест',
    finish: 'Завершити тест',
    yes: 'Так, завершити',
    done: 'Тест завершено',
    results: 'Переглянути результати',
  },
  ru: {
    locale: 'ru-RU',
    type: 'Тип: Вопрос 1 блока 1',
    saved: 'Все изменения сохранены',
    publish: 'Опубликовать',
    published: 'Опубликовано. Теперь ученики будут проходить эту версию.',
    give: 'Выдать тест',
    name: 'Ваше имя',
    start: 'Начать тест',
    finish: 'Завершить тест',
    yes: 'Да, завершить',
    done: 'Тест завершён',
    results: 'Посмотреть результаты',
  },
  pl: {
    locale: 'pl-PL',
    type: 'Typ: Pytanie 1 bloku 1',
    saved: 'Wszystkie zmiany zapisane',
    publish: 'Opublikuj',
    published: 'Opublikowano. Od teraz uczniowie będą rozwiązywać tę wersję.',
    give: 'Zadaj test',
    name: 'Twoje imię',
    start: 'Rozpocznij test',
    finish: 'Zakończ test',
    yes: 'Tak, zakończ',
    done: 'Test zakończony',
    results: 'Zobacz wyniki',
  },
} as const;

/** A test in one language with one block and one question of one correct option, its text only. */
function shellDraft(lang: Lang, title: string, question: string): TestDraft {
  return {
    title: { [lang]: title },
    description: { [lang]: title },
    subject: null,
    specialization: null,
    duration_seconds: 1200,
    languages: [lang],
    blocks: [
      {
        id: 'b1',
        // Not the test's title: two regions of one name are one landmark too many.
        title: { [lang]: `${title} 1` },
        questions: [{ id: 'q1', type: 'single', points: 3, text: { [lang]: question } }],
      },
    ],
  };
}

/**
 * A tutor in `lang` opens a new test in the editor, turns its question into `type`, writes the rest
 * with `write`, publishes it and gives it: returns the assignment's code.
 */
export async function tutorGives(
  browser: Browser,
  lang: Lang,
  draft: { title: string; question: string; type: string },
  write: (page: Page) => Promise<void>,
): Promise<string> {
  const { code, tutor } = await tutorGivesAndStays(browser, lang, draft, write);
  await tutor.context().close();
  return code;
}

/** As tutorGives, keeping the tutor's page open on the assignment (its id in the address). */
export async function tutorGivesAndStays(
  browser: Browser,
  lang: Lang,
  draft: { title: string; question: string; type: string },
  write: (page: Page) => Promise<void>,
): Promise<{ code: string; id: string; tutor: Page }> {
  const words = WORDS[lang];
  const context = await browser.newContext({ baseURL: mainServer().url, locale: words.locale });
  const page = await context.newPage();
  const auth = await tutorWithToken(page);
  // A signed-in person's pages follow their account's language.
  const changed = await page.request.patch('/v1/auth/session', { headers: auth, data: { locale: lang } });
  expect(changed.ok(), await changed.text()).toBe(true);
  const made = await page.request.post('/v1/tutor/tests', {
    headers: auth,
    data: { draft: shellDraft(lang, draft.title, draft.question) },
  });
  expect(made.status(), await made.text()).toBe(201);
  const testId = (await made.json()).data.id as string;
  await page.goto(`/${lang}/tutor/tests/${testId}`);
  await page.getByLabel(words.type, { exact: true }).selectOption(draft.type);
  await write(page);
  await expect(page.getByTestId('save-status')).toHaveText(words.saved, { timeout: 15_000 });
  await page.getByRole('button', { name: words.publish, exact: true }).click();
  await expect(page.getByText(words.published)).toBeVisible();
  await page.goto(`/${lang}/tutor/assignments/new?test=${testId}`);
  await page.getByRole('button', { name: words.give }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/tutor/assignments/[0-9a-f-]{36}$`));
  const code = (await page.getByTestId('assignment-code').textContent()) ?? '';
  const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  return { code, id, tutor: page };
}

/** A taker in `lang` through a proxy of their own, started on the assignment and ready to answer. */
export async function takerStarts(browser: Browser, lang: Lang, code: string, proxyPort: number) {
  const words = WORDS[lang];
  const proxy = new FlakyProxy(ownPort(proxyPort), mainServer().port);
  await proxy.start();
  const context = await browser.newContext({ baseURL: proxy.url, locale: words.locale });
  const page = await context.newPage();
  await page.goto(`/${lang}/a/${code.toLowerCase()}`);
  await waitForServiceWorker(page);
  await page.getByLabel(words.name).pressSequentially('Olena');
  await page.getByRole('button', { name: words.start }).click();
  await expect(page.locator('[data-question]')).toHaveCount(1);
  await waitForStoredBlocks(page);
  const cut = async () => {
    await proxy.down();
    await context.setOffline(true);
  };
  const restore = async () => {
    await proxy.start();
    await context.setOffline(false);
  };
  return { page, context, proxy, cut, restore };
}

/** The latest answer the server holds for the assignment's one taker, and the attempt's score. */
export function storedFor(code: string): { value: unknown; score: number | null } | null {
  const db = e2eDb();
  try {
    const row = db
      .prepare(
        `select s.score, (select value from answers where session_uuid = s.uuid order by received_at desc limit 1) as value
         from online_sessions s join assignments a on a.id = s.assignment_id where a.code = ?`,
      )
      .get(code.toUpperCase()) as { score: number | null; value: string | null } | undefined;
    return row ? { value: row.value === null ? null : JSON.parse(row.value), score: row.score } : null;
  } finally {
    db.close();
  }
}

/** Finishes the running test and opens its results. */
export async function finishInto(page: Page, lang: Lang) {
  const words = WORDS[lang];
  await page.getByRole('button', { name: words.finish }).click();
  await page.getByRole('button', { name: words.yes }).click();
  await page.getByRole('dialog', { name: words.done }).getByRole('button', { name: words.results }).click();
}

/** Focuses `select` by Tab alone and picks the option reading `text` with the arrow keys. */
export async function chooseByKeyboard(page: Page, tabToLabel: () => Promise<void>, select: string, text: string) {
  await tabToLabel();
  const options = await page.locator(select).locator('option').allTextContents();
  const at = options.indexOf(text);
  expect(at, `${text} among ${options.join(', ')}`).toBeGreaterThan(0);
  const now = options.indexOf(
    (await page.locator(select).evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text)) ?? '',
  );
  const key = at > now ? 'ArrowDown' : 'ArrowUp';
  for (let i = 0; i < Math.abs(at - now); i++) await page.keyboard.press(key);
  await expect(page.locator(select)).toHaveValue(
    (await page.locator(select).locator('option').nth(at).getAttribute('value')) ?? '',
  );
}
