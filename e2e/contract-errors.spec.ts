/**
 * Answers of the API that do not fit the contract (wrong types, missing fields, HTML, a 500 with
 * garbage) for the catalog and a lesson preview: the page keeps its frame and says plainly what
 * went wrong, in the page's language, with no uncaught error.
 */

import { catalog, type Locale } from './catalogs.ts';
import { expect, type Page, test } from './fixtures.ts';

interface Malformed {
  name: string;
  status: number;
  contentType: string;
  body: string;
  /** The message id (English source text) the screen must show. */
  message: string;
}

const NOT_UNDERSTOOD = 'The server sent an answer this app does not understand.';

function answers(wrongTypes: unknown, missingFields: unknown): Malformed[] {
  const json = (body: unknown) => JSON.stringify(body);
  return [
    {
      name: 'wrong types',
      status: 200,
      contentType: 'application/json',
      body: json(wrongTypes),
      message: NOT_UNDERSTOOD,
    },
    {
      name: 'missing fields',
      status: 200,
      contentType: 'application/json',
      body: json(missingFields),
      message: NOT_UNDERSTOOD,
    },
    { name: 'no data at all', status: 200, contentType: 'application/json', body: '{}', message: NOT_UNDERSTOOD },
    {
      name: 'HTML instead of JSON',
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><html><body><h1>Welcome to nginx!</h1></body></html>',
      message: NOT_UNDERSTOOD,
    },
    {
      name: '500 with garbage',
      status: 500,
      contentType: 'text/plain',
      body: '\u0000<<garbage>> {"message":',
      message: 'Something went wrong on the server (error {status}).',
    },
  ];
}

const SCREENS = [
  {
    name: 'the catalog',
    path: '/test-student',
    api: '/v1/public/subjects/list',
    answers: answers(
      { data: [{ id: 'one', slug: 7, title: null, audience: 'everyone', lesson_count: '3' }] },
      { data: [{ slug: 'arithmetic' }] },
    ),
  },
  {
    name: 'a lesson preview',
    path: '/test/triangles',
    api: '/v1/public/lessons/triangles',
    answers: answers(
      { data: { id: '1', slug: 'triangles', title: 42, duration_seconds: 'ten minutes', blocks: 'none' } },
      { data: { slug: 'triangles', title: 'Triangles' } },
    ),
  },
];

/** Uncaught errors and console errors other than the browser's own note about a failed load. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (entry) => {
    if (entry.type() === 'error' && !/Failed to load resource/.test(entry.text())) errors.push(entry.text());
  });
  return errors;
}

// The service worker would answer from its own cache and hide the route from the page.
test.use({ serviceWorkers: 'block' });

for (const locale of ['en', 'uk'] as Locale[]) {
  const texts = catalog(locale);
  for (const screen of SCREENS) {
    for (const answer of screen.answers) {
      test(`${screen.name} shows a clear message for ${answer.name} (${locale})`, async ({ page }) => {
        const errors = watchErrors(page);
        await page.route(
          (url) => url.pathname === screen.api,
          (route) => route.fulfill({ status: answer.status, contentType: answer.contentType, body: answer.body }),
        );
        const response = await page.goto(`/${locale}${screen.path}`);
        expect(response?.status()).toBe(200);
        const expected = (texts.get(answer.message) || answer.message).replace('{status}', String(answer.status));
        const alert = page.getByRole('alert').filter({ hasText: expected });
        await expect(alert).toBeVisible();
        // Not a blank page: the site's frame and a way out are still there.
        await expect(page.getByRole('banner')).toBeVisible();
        await expect(alert.getByRole('button')).toBeVisible();
        // Nothing of the malformed answer leaks onto the screen.
        await expect(page.locator('body')).not.toContainText('nginx');
        await expect(page.locator('body')).not.toContainText('garbage');
        expect(errors).toEqual([]);
      });
    }
  }
}
