import { catalog, foreignTexts, LOCALES, TAGS } from './catalogs.ts';
import { expectAccessibleAtEveryWidth } from './every-width.ts';
import { expect, test } from './fixtures.ts';

const UUID = '0b9f1c9e-3f4a-4c55-9d0e-2a1b3c4d5e6f';
const ROUTES = [
  '/student',
  '/tutor',
  '/test-student',
  '/test-student/mathematics',
  '/test-student/mathematics/algebra',
  '/test-tutor/teaching/assessment',
  '/test/triangles',
  '/contacts',
  '/account',
  '/account/passed-tests',
  `/account/passed-test-${UUID}`,
  '/verify',
];

let results = '';
test.beforeAll(async ({ request }) => {
  const started = (await (await request.post('/v1/public/lessons/triangles/start', { data: {} })).json()).data;
  await request.post(`/v1/public/lessons/online/${started.uuid}/finish?api_token=${started.api_token}`, { data: {} });
  results = `/test/${started.uuid}/results-preview?api_token=${started.api_token}`;
});

for (const locale of LOCALES) {
  test(`every route in ${locale}: language, title, heading, no foreign text, no axe violation`, async ({ page }) => {
    // About half of this on this project's machines; the margin is for a machine running slow.
    test.setTimeout(240_000);
    const foreign = foreignTexts(locale);
    for (const route of [...ROUTES, results]) {
      // Loaded once, read at each width: the layout follows the viewport.
      await page.setViewportSize({ width: 375, height: 800 });
      const response = await page.goto(`/${locale}${route}`);
      expect(response?.status(), route).toBe(200);
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        await expect(page.locator('html')).toHaveAttribute('lang', TAGS[locale]);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page).toHaveTitle(/\S/);
        await expect(page.getByRole('progressbar')).toHaveCount(0);
        const text = await page.locator('body').innerText();
        const stray = foreign.filter((f) => text.includes(f));
        expect(stray, `${locale}${route}`).toEqual([]);
      }
      await expectAccessibleAtEveryWidth(page, `${locale}${route}`);
    }
  });

  test(`unknown routes give the 404 page in ${locale}`, async ({ browser }) => {
    const heading = catalog(locale).get('Page Not Found');
    // The server's own answer carries the status; once the service worker serves the shell (200),
    // the page itself still shows the 404 page, which the second pass checks.
    for (const serviceWorkers of ['block', 'allow'] as const) {
      const context = await browser.newContext({ serviceWorkers });
      const page = await context.newPage();
      for (const route of ['/no-such-page', '/test-teacher', '/test-teacher/mathematics']) {
        const response = await page.goto(`/${locale}${route}`);
        if (serviceWorkers === 'block') expect(response?.status(), route).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading ?? '');
        await expect(page.getByText(`/${locale}${route}`)).toBeVisible();
      }
      await context.close();
    }
  });
}

test('the language modal switches the language on the same page', async ({ page }) => {
  await page.goto('/en/test-student/mathematics');
  await page.getByRole('button', { name: 'Language: English' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a language' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
  await dialog.getByRole('link', { name: 'Polski' }).click();
  await expect(page).toHaveURL(/\/pl\/test-student\/mathematics$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Matematyka');
  // The page's own messages (the pages part of the catalog) switched too, not only the shell's.
  const text = await page.locator('body').innerText();
  expect(foreignTexts('pl').filter((f) => text.includes(f))).toEqual([]);
});

test('a first visit to a landing page loads the shell part of the catalog only, and the rest with the next page', async ({
  page,
}) => {
  const catalogChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/messages-[^/]+\.js$/.test(request.url())) catalogChunks.push(request.url());
  });
  await page.goto('/uk/student');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(catalogChunks).toHaveLength(1);
  await page
    .getByRole('link', { name: catalog('uk').get('Browse the tests') ?? '' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/uk\/test-student$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(catalogChunks).toHaveLength(2);
  const text = await page.locator('body').innerText();
  expect(foreignTexts('uk').filter((f) => text.includes(f))).toEqual([]);
});

test('a path without a language goes under the preferred one, keeping its query', async ({ page, context }) => {
  await context.addCookies([{ name: 'locale', value: 'uk', url: 'http://127.0.0.1' }]);
  await page.goto('/test-student/physics?x=1');
  await expect(page).toHaveURL(/\/uk\/test-student\/physics\?x=1$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/uk\/student$/);
});

test('while a page loads, its footer waits below the fold: the content arrives without moving it', async ({ page }) => {
  // Lighthouse's mobile screen, where the shift was measured.
  const height = 823;
  await page.setViewportSize({ width: 412, height });
  // Hold the landing page's own chunk, so the shell paints first with nothing in <main>.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/AudiencePage-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/en/student', { waitUntil: 'commit' });
  const footer = page.locator('footer.site-footer');
  await expect(footer).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  expect(await footer.evaluate((element) => element.getBoundingClientRect().top)).toBeGreaterThanOrEqual(height);

  release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.card').first()).toBeVisible();
  const shifted = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
  expect(shifted).toBeLessThan(0.05);
});
