import { TINY_PNG } from '../server/test/images.ts';
import { catalog, LOCALES, TAGS } from './catalogs.ts';
import { expectAccessibleAtEveryWidth } from './every-width.ts';
import { expect, type Page, test } from './fixtures.ts';
import { registerTutor } from './tutor.ts';

/**
 * The tutor's pages have no axe violation in any language at a phone's width and a desktop's: My
 * tests (with tests in it), the editor of a test with a picture, a formula, a number question and a
 * missing translation, its publish checklist opened, and the preview's start; and at 320 px each
 * reflows (no sideways scrolling, expectReflow).
 */

/** A tutor signed in on the page, with a test of a picture, a formula, a number question and a missing translation. */
async function prepare(page: Page) {
  const email = await registerTutor(page);
  const login = await page.request.post('/v1/auth/login', { data: { email, password: 'correct-horse-battery' } });
  expect(login.status()).toBe(200);
  const tokens = (await login.json()).data;
  const auth = { authorization: `Bearer ${tokens.token}` };
  const image = await page.request.post('/v1/tutor/images', {
    headers: auth,
    data: { name: 'dot.png', data: TINY_PNG.toString('base64') },
  });
  expect(image.status()).toBe(201);
  const draft = {
    title: { en: 'Roots', uk: 'Корені' },
    description: { en: 'Quadratic equations', uk: '' },
    subject: null,
    specialization: null,
    duration_seconds: 900,
    languages: ['en', 'uk'],
    blocks: [
      {
        id: 'b1',
        title: { en: 'Equations', uk: 'Рівняння' },
        questions: [
          {
            id: 'q1',
            type: 'single',
            points: 1,
            text: { en: 'The roots of \\(x^2 - 5x + 6 = 0\\)?', uk: 'Корені \\(x^2 - 5x + 6 = 0\\)?' },
            image: { id: (await image.json()).data.id, alt: { en: 'A parabola', uk: 'Парабола' } },
            options: [
              { id: 'a', text: { en: '2 and 3', uk: '2 і 3' } },
              { id: 'b', text: { en: '1 and 6', uk: '1 і 6' } },
            ],
            correct_option: 'a',
          },
          {
            id: 'q2',
            type: 'number',
            points: 1,
            text: { en: 'The larger root?', uk: 'Більший корінь?' },
            correct_number: 3.5,
            tolerance: 0.25,
          },
          // The types with parts: their lists and selects are in the editor too.
          {
            id: 'q3',
            type: 'matching',
            points: 2,
            text: { en: 'Match each equation to its roots', uk: 'Доберіть корені до кожного рівняння' },
            prompts: [
              { id: 'p1', text: { en: '\\(x^2 = 4\\)', uk: '\\(x^2 = 4\\)' } },
              { id: 'p2', text: { en: '\\(x^2 = 9\\)', uk: '\\(x^2 = 9\\)' } },
            ],
            options: [
              { id: 'a', text: { en: '±2', uk: '±2' } },
              { id: 'b', text: { en: '±3', uk: '±3' } },
              { id: 'c', text: { en: '±4', uk: '±4' } },
            ],
            matches: { p1: 'a', p2: 'b' },
          },
          {
            id: 'q4',
            type: 'ordering',
            points: 1,
            text: { en: 'Smallest root first', uk: 'Спершу найменший корінь' },
            options: [
              { id: 'a', text: { en: '−3', uk: '−3' } },
              { id: 'b', text: { en: '0', uk: '0' } },
              { id: 'c', text: { en: '2', uk: '2' } },
            ],
            marking: 'next',
          },
          {
            id: 'q5',
            type: 'gaps',
            points: 2,
            text: { en: 'Fill in the gaps', uk: 'Заповніть пропуски' },
            passage: {
              en: 'The roots of \\(x^2 = 9\\) are [[g1]] and [[g2]].',
              uk: 'Корені \\(x^2 = 9\\) — це [[g1]] і [[g2]].',
            },
            gaps: [
              { id: 'g1', kind: 'number', correct_number: -3, tolerance: 0 },
              {
                id: 'g2',
                kind: 'choice',
                options: [
                  { id: 'a', text: { en: '3', uk: '3' } },
                  { id: 'b', text: { en: '9', uk: '9' } },
                ],
                correct_option: 'a',
              },
            ],
          },
          {
            id: 'q6',
            type: 'essay',
            points: 5,
            text: { en: 'Explain how you solved it', uk: 'Поясніть, як ви розв’язали' },
            min_words: 20,
            max_words: null,
          },
        ],
      },
    ],
  };
  const created = await page.request.post('/v1/tutor/tests', { headers: auth, data: { draft } });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.id;
  await page.addInitScript((stored) => localStorage.setItem('zalik:auth', JSON.stringify(stored)), {
    token: tokens.token,
    refresh_token: tokens.refresh_token,
    expires_at: tokens.expires_at,
    refresh_expires_at: tokens.refresh_expires_at,
  });

  return { auth, id };
}

for (const locale of LOCALES) {
  test(`the tutor page, the editor and the publish checklist pass axe in ${locale} at 320, 375 and 1280 px and with text at 200 %, and reflow`, async ({
    page,
  }) => {
    // About half of this on this project's machines; the margin is for a machine running slow.
    test.setTimeout(240_000);
    const { auth, id } = await prepare(page);
    // The account's language is the one the pages are read in (a signed-in user is kept in it).
    const changed = await page.request.patch('/v1/auth/session', { headers: auth, data: { locale } });
    expect(changed.status()).toBe(200);
    const say = (text: string) => catalog(locale).get(text) || text;
    // Each page loaded once and read at every width and text size: the layout follows them.
    const atEveryWidth = (where: string) => expectAccessibleAtEveryWidth(page, `${locale} ${where}`);
    await page.goto(`/${locale}/tutor`);
    await expect(page.locator('html')).toHaveAttribute('lang', TAGS[locale]);
    await expect(page.getByRole('region', { name: say('My tests') }).getByRole('listitem')).not.toHaveCount(0);
    await atEveryWidth('tutor page');

    await page.goto(`/${locale}/tutor/tests/${id}`);
    await expect(page.locator('.language-texts__preview math').first()).toBeVisible();
    await expect(page.getByTestId('save-status')).toBeVisible();
    await atEveryWidth('editor');

    await page.getByRole('button', { name: say('Check what is missing') }).click();
    await expect(page.getByText(say('Before publishing, fill in:'))).toBeVisible();
    await atEveryWidth('checklist');

    await page.goto(`/${locale}/tutor/tests/${id}/preview`);
    await expect(page.getByRole('button', { name: say('Start the preview') })).toBeVisible();
    await atEveryWidth('preview');

    await page.goto(`/${locale}/account`);
    await expect(page.getByRole('link', { name: say('Assignments') })).toBeVisible();
    await atEveryWidth('account');
  });
}
