/**
 * Numbers as each language writes them, end to end, in a browser whose language is the taker's and
 * the tutor's: a Ukrainian, Russian or Polish tutor types the correct number `0,75` into the editor
 * and a taker types `0,75` as the answer, key by key, on a device in that language (an English one
 * types `0.75`); the taker gets the point, and the tutor's results table, the answers CSV and the
 * question analysis agree. A number that cannot be read is said at the field and never sent.
 */

import { PLAINEST_RULES } from '../contract/assignments.ts';
import { catalog, type Locale, TAGS } from './catalogs.ts';
import { e2eDb } from './e2e-db.ts';
import { mainServer } from './e2e-server.ts';
import { type APIRequestContext, type Browser, expect, type Page, test } from './fixtures.ts';
import { registerTutor } from './tutor.ts';

const PASSWORD = 'correct-horse-battery';

/** What the server stored for a taker of an assignment, by the name they gave. */
function storedFor(code: string, name: string) {
  const db = e2eDb();
  try {
    return db
      .prepare(
        `select s.score, s.max_score, s.status, a.value from online_sessions s
         join assignments x on x.id = s.assignment_id left join answers a on a.session_uuid = s.uuid
         where x.code = ? and s.display_name = ?`,
      )
      .all(code, name) as { score: number | null; max_score: number; status: string; value: string | null }[];
  } finally {
    db.close();
  }
}

const sayIn =
  (locale: Locale) =>
  (text: string, values: Record<string, string> = {}) =>
    Object.entries(values).reduce(
      (said, [key, value]) => said.replace(`{${key}}`, value),
      catalog(locale).get(text) || text,
    );

/** A signed-in tutor reading in `locale`, with a draft of one number question whose key is not set yet. */
async function tutorWithDraft(page: Page, request: APIRequestContext, locale: Locale) {
  const email = await registerTutor(page);
  const login = await request.post('/v1/auth/login', { data: { email, password: PASSWORD } });
  const tokens = (await login.json()).data;
  const auth = { authorization: `Bearer ${tokens.token}` };
  expect((await request.patch('/v1/auth/session', { headers: auth, data: { locale } })).status()).toBe(200);
  const draft = {
    title: { [locale]: '½ + ¼' },
    description: { [locale]: 'Fractions' },
    subject: null,
    specialization: null,
    duration_seconds: 600,
    languages: [locale],
    blocks: [
      {
        id: 'b1',
        title: { [locale]: 'Fractions' },
        questions: [{ id: 'q1', type: 'number', points: 1, text: { [locale]: '½ + ¼ = ?' }, correct_number: null }],
      },
    ],
  };
  const created = await request.post('/v1/tutor/tests', { headers: auth, data: { draft } });
  expect(created.status(), await created.text()).toBe(201);
  await page.addInitScript((stored) => localStorage.setItem('zalik:auth', JSON.stringify(stored)), {
    token: tokens.token,
    refresh_token: tokens.refresh_token,
    expires_at: tokens.expires_at,
    refresh_expires_at: tokens.refresh_expires_at,
  });
  return { auth, id: (await created.json()).data.id as string };
}

async function newDevice(browser: Browser, locale: Locale) {
  const context = await browser.newContext({ locale: TAGS[locale], baseURL: mainServer().url });
  return { context, page: await context.newPage() };
}

/** A taker on a device in `locale` opens the assignment and starts it under `name`. */
async function startAs(page: Page, locale: Locale, code: string, name: string) {
  const say = sayIn(locale);
  await page.goto(`/${locale}/a/${code}`);
  await page.getByLabel(say('Your name')).fill(name);
  await page.getByRole('button', { name: say('Start test') }).click();
  await expect(page.getByRole('timer', { name: say('Time left') })).toBeVisible();
  return page.getByRole('textbox', { name: say('Your answer (a number)') });
}

for (const [locale, typed, shown] of [
  ['uk', '0,75', '0,75'],
  ['ru', '0,75', '0,75'],
  ['pl', '0,75', '0,75'],
  ['en', '0.75', '0.75'],
] as const) {
  test(`${locale}: the tutor types ${typed} as the key and a taker ${typed} as the answer; the point is given and every view agrees`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const say = sayIn(locale);
    // The tutor, in a browser in their own language, types the key into the editor key by key.
    const tutorDevice = await newDevice(browser, locale);
    const tutor = tutorDevice.page;
    const { auth, id } = await tutorWithDraft(tutor, request, locale);
    await tutor.goto(`/${locale}/tutor/tests/${id}`);
    const key = tutor.getByLabel(say('Correct number'), { exact: true });
    await key.click();
    await key.pressSequentially(typed);
    await key.press('Tab');
    await expect(key).toHaveValue(shown);
    await expect(tutor.getByTestId('save-status')).toHaveText(say('All changes saved'), { timeout: 15_000 });
    const saved = await (await request.get(`/v1/tutor/tests/${id}`, { headers: auth })).json();
    expect(saved.data.draft.blocks[0].questions[0].correct_number).toBe(0.75);

    expect((await request.post(`/v1/tutor/tests/${id}/publish`, { headers: auth, data: {} })).status()).toBe(200);
    const assignment = await request.post('/v1/tutor/assignments', {
      headers: auth,
      data: {
        test_id: id,
        rules: PLAINEST_RULES,
      },
    });
    const { id: assignmentId, code } = (await assignment.json()).data as { id: string; code: string };

    // The taker's phone is in the same language; the answer is typed key by key.
    const taker = await newDevice(browser, locale);
    const field = await startAs(taker.page, locale, code, 'Olena Koval');
    await field.pressSequentially(typed);
    await field.press('Tab');
    await expect(field).toHaveValue(shown);
    await taker.page.getByRole('button', { name: say('Finish test') }).click();
    await taker.page.getByRole('button', { name: say('Yes, finish') }).click();
    await taker.page
      .getByRole('dialog', { name: say('Test finished') })
      .getByRole('button', { name: say('See results') })
      .click();
    await expect(taker.page.getByText(say('Correct'), { exact: true })).toBeVisible();
    await taker.context.close();

    // On the server: the number 0.75, and the point.
    expect(storedFor(code, 'Olena Koval')).toEqual([{ score: 1, max_score: 1, status: 'finished', value: '0.75' }]);

    // The tutor's table, the answers CSV and the analysis say the same.
    await tutor.goto(`/${locale}/tutor/assignments/${assignmentId}/results`);
    const row = tutor.getByTestId('result-row').filter({ hasText: 'Olena Koval' });
    await expect(row).toContainText(say('{0} of {1}', { 0: '1', 1: '1' }));
    const csv = await (
      await request.get(`/v1/tutor/assignments/${assignmentId}/answers.csv`, { headers: auth })
    ).text();
    const line = csv.split('\r\n').find((l) => l.startsWith('Olena Koval,')) ?? '';
    expect(line.split(',').slice(3, 6)).toEqual(['0.75', expect.any(String), '1']);
    const analysis = await (
      await request.get(`/v1/tutor/assignments/${assignmentId}/analysis`, { headers: auth })
    ).json();
    expect(analysis.data.questions[0]).toMatchObject({ id: 'q1', answered: 1, facility: 1 });
    await tutorDevice.context.close();
  });
}

test('a number that cannot be read is said at the field, in the interface’s language, and never sent', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const say = sayIn('uk');
  const { auth, id } = await tutorWithDraft(page, request, 'uk');
  const draft = (await (await request.get(`/v1/tutor/tests/${id}`, { headers: auth })).json()).data;
  draft.draft.blocks[0].questions[0].correct_number = 0.75;
  await request.put(`/v1/tutor/tests/${id}/draft`, {
    headers: auth,
    data: { revision: draft.revision, draft: draft.draft },
  });
  expect((await request.post(`/v1/tutor/tests/${id}/publish`, { headers: auth, data: {} })).status()).toBe(200);
  const made = await request.post('/v1/tutor/assignments', {
    headers: auth,
    data: {
      test_id: id,
      rules: PLAINEST_RULES,
    },
  });
  const { code } = (await made.json()).data as { code: string };
  const taker = await newDevice(browser, 'uk');
  const field = await startAs(taker.page, 'uk', code, 'Petro Bondar');
  await field.pressSequentially('1,2,3');
  await field.press('Tab');
  const message = say('Enter a number, such as {example}.', { example: '2,5' });
  await expect(taker.page.getByText(message)).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveValue('1,2,3');
  // Past the typing pause and then some: nothing reached the server.
  await taker.page.waitForTimeout(2_500);
  expect(storedFor(code, 'Petro Bondar')).toEqual([{ score: null, max_score: 1, status: 'running', value: null }]);
  // Written as a number, it goes, and the message goes with it.
  await field.fill('');
  await field.pressSequentially('0,75');
  await field.press('Tab');
  await expect(taker.page.getByText(message)).toHaveCount(0);
  await expect.poll(() => storedFor(code, 'Petro Bondar')[0]?.value).toBe('0.75');
  await taker.context.close();
});
