/**
 * Pools and integrity signals end to end, against the built app and the real server: the tutor
 * makes a block a pool in the editor and gives the test with signals on; two takers get different
 * questions and the scores of their own; one hides the page, pastes into an answer and goes offline
 * (the server unreachable, not only the page told so), answering meanwhile; back online, the answers
 * and the signals made offline arrive once, and the tutor's monitor and review show the signals.
 * Each step also reads what the server stored.
 */
import { randomUUID } from 'node:crypto';
import { PLAINEST_RULES } from '../contract/assignments.ts';
import type { TestDraft } from '../contract/tutor-tests.ts';
import { finishAndSeeResults } from './answer.ts';
import { catalog, LOCALES } from './catalogs.ts';
import { e2eDb } from './e2e-db.ts';
import { mainServer, ownPort } from './e2e-server.ts';
import { expectAccessibleAtEveryWidth } from './every-width.ts';
import { type Browser, expect, type Page, test } from './fixtures.ts';
import { FlakyProxy } from './flaky-proxy.ts';
import { poolDraft } from './pools.ts';
import { waitForServiceWorker } from './service-worker.ts';
import { waitForStoredBlocks } from './stored-blocks.ts';
import { tutorWithToken } from './tutor.ts';

function stored(code: string, name: string) {
  const db = e2eDb();
  try {
    const session = db
      .prepare(
        `select s.uuid, s.score, s.max_score, s.drawn from online_sessions s join assignments a on a.id = s.assignment_id
         where a.code = ? and s.display_name = ?`,
      )
      .get(code, name) as { uuid: string; score: number | null; max_score: number; drawn: string } | undefined;
    if (!session) return null;
    const answers = db.prepare('select question_id from answers where session_uuid = ?').all(session.uuid) as {
      question_id: string;
    }[];
    const signals = db
      .prepare('select kind, duration_ms, length, question_id from session_signals where session_uuid = ? order by at')
      .all(session.uuid) as { kind: string; duration_ms: number | null; length: number | null; question_id: string }[];
    return { ...session, answers: answers.map((a) => a.question_id), signals };
  } finally {
    db.close();
  }
}

/** A taker through `origin` who starts the assignment under `name`; returns the pool questions shown. */
async function startTaker(browser: Browser, origin: string, code: string, name: string) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.goto(`/en/a/${code}`);
  await expect(page.getByText('This test records how it is taken:')).toBeVisible();
  await expect(page.getByText('Nothing else: no keystrokes, no screen, no camera.', { exact: false })).toBeVisible();
  await waitForServiceWorker(page);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Start test' }).click();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
  await waitForStoredBlocks(page);
  // The timer may be drawn before the block's questions are (on a loaded CI machine it was).
  await expect(page.locator('[data-question]')).toHaveCount(4);
  const shown = await page
    .locator('[data-question]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-question')));
  return { context, page, shown: shown as string[] };
}

async function typeNumber(page: Page, question: string, value: number) {
  const input = page.getByRole('group', { name: `Type ${question.slice(1)}`, exact: true }).getByRole('textbox');
  await input.pressSequentially(String(value));
  await input.press('Enter');
}

/** The page hidden and shown again, as the browser says it when another tab or app comes over it. */
async function hideFor(page: Page, ms: number) {
  const setVisibility = (state: string) =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  await setVisibility('hidden');
  await page.waitForTimeout(ms);
  await setVisibility('visible');
}

test('a pool gives two takers different questions and their own scores; signals made offline arrive once and show to the tutor', async ({
  page: tutor,
  browser,
}) => {
  // About half of this on this project's machines; the margin is for a machine running slow.
  test.setTimeout(480_000);
  const auth = await tutorWithToken(tutor);
  const made = await tutor.request.post('/v1/tutor/tests', { headers: auth, data: { draft: poolDraft() } });
  expect(made.status(), await made.text()).toBe(201);
  const testId = (await made.json()).data.id as string;

  // The tutor makes the first block a pool in the editor: four of its eight questions each.
  await tutor.goto(`/en/tutor/tests/${testId}`);
  const pool = tutor.getByRole('group', { name: 'Pool: Block 1' });
  await pool.getByRole('checkbox', { name: 'Each taker gets only some of these questions' }).check();
  await expect(pool.getByLabel('Questions each taker gets')).toHaveValue('4');
  await expect(pool.getByText('Drawn for each attempt from the 8 questions of this block.')).toBeVisible();
  await expect(tutor.getByText('All changes saved')).toBeVisible();
  await tutor.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(tutor.getByText('Published. Students will take this version from now on.')).toBeVisible();

  // Given with signals on, through the form.
  await tutor.goto(`/en/tutor/assignments/new?test=${testId}`);
  await tutor
    .getByRole('checkbox', { name: 'Record how the test is taken (takers are told before they start)' })
    .check();
  await expect(tutor.getByText('whether the device’s clock is more than a minute off.')).toBeVisible();
  await tutor.getByRole('button', { name: 'Give the test' }).click();
  await expect(tutor).toHaveURL(/\/en\/tutor\/assignments\/[0-9a-f-]{36}$/);
  const code = (await tutor.getByTestId('assignment-code').textContent()) ?? '';
  const assignmentId = new URL(tutor.url()).pathname.split('/').at(-1) as string;

  const proxy = new FlakyProxy(ownPort(8), mainServer().port);
  await proxy.start();
  try {
    const ann = await startTaker(browser, proxy.url, code, 'Ann Lee');
    expect(ann.shown).toHaveLength(4);
    // Bo, and if the draw happened to be Ann's (1 in 70), one more: two takers with different questions.
    let other = await startTaker(browser, mainServer().url, code, 'Bo Chen');
    let otherName = 'Bo Chen';
    if (other.shown.join() === ann.shown.join()) {
      await other.context.close();
      other = await startTaker(browser, mainServer().url, code, 'Cy Diaz');
      otherName = 'Cy Diaz';
    }
    expect(other.shown).toHaveLength(4);
    expect(other.shown.join()).not.toBe(ann.shown.join());
    expect(JSON.parse(stored(code, 'Ann Lee')?.drawn ?? '[]')).toEqual([...ann.shown, 'p100']);

    // Ann: two answers, then the page hidden for 2.5 s, then a paste into her third question.
    const [a1, a2, a3, a4] = ann.shown as [string, string, string, string];
    await typeNumber(ann.page, a1, Number(a1.slice(1)));
    await typeNumber(ann.page, a2, Number(a2.slice(1)));
    await hideFor(ann.page, 2_500);
    await ann.page
      .getByRole('group', { name: `Type ${a3.slice(1)}`, exact: true })
      .getByRole('textbox')
      .evaluate((input) => {
        const data = new DataTransfer();
        data.setData('text/plain', '12345');
        input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      });
    await expect.poll(() => stored(code, 'Ann Lee')?.signals.map((s) => s.kind)).toEqual(['hidden', 'paste']);

    // No connection at all for 3 s: the server is out of reach, and Ann answers meanwhile.
    await proxy.down();
    await ann.context.setOffline(true);
    await typeNumber(ann.page, a3, Number(a3.slice(1)));
    await typeNumber(ann.page, a4, Number(a4.slice(1)));
    await ann.page.waitForTimeout(3_000);
    expect(stored(code, 'Ann Lee')?.answers).toHaveLength(2);
    await proxy.start();
    await ann.context.setOffline(false);
    await expect.poll(() => stored(code, 'Ann Lee')?.answers.length, { timeout: 30_000 }).toBe(4);
    await expect.poll(() => stored(code, 'Ann Lee')?.signals.length, { timeout: 30_000 }).toBe(3);

    // The other taker gets two pool questions right and the shared one wrong.
    const [b1, b2, b3] = other.shown as [string, string, string];
    await typeNumber(other.page, b1, Number(b1.slice(1)));
    await typeNumber(other.page, b2, Number(b2.slice(1)));
    await typeNumber(other.page, b3, 9);
    await other.page
      .getByRole('button', { name: /Everyone/ })
      .first()
      .click();
    await typeNumber(other.page, 'p100', 99);
    await ann.page
      .getByRole('button', { name: /Everyone/ })
      .first()
      .click();
    await typeNumber(ann.page, 'p100', 100);
    await finishAndSeeResults(ann.page);
    await finishAndSeeResults(other.page);
    await expect(ann.page.getByTestId('score')).toContainText('6');
    await expect(ann.page.getByRole('heading', { name: 'How the test was taken' })).toBeVisible();

    const annOnServer = stored(code, 'Ann Lee');
    const otherOnServer = stored(code, otherName);
    expect([annOnServer?.score, annOnServer?.max_score]).toEqual([6, 6]);
    expect([otherOnServer?.score, otherOnServer?.max_score]).toEqual([2, 6]);
    // Each answer and each signal once, the ones made offline included.
    expect(new Set(annOnServer?.answers).size).toBe(annOnServer?.answers.length);
    expect(annOnServer?.answers.sort()).toEqual([...ann.shown, 'p100'].sort());
    const [hidden, paste, offline] = annOnServer?.signals ?? [];
    expect(hidden?.kind).toBe('hidden');
    expect(hidden?.duration_ms).toBeGreaterThanOrEqual(2_400);
    expect([paste?.kind, paste?.length, paste?.question_id]).toEqual(['paste', 5, a3]);
    expect(offline?.kind).toBe('offline');
    expect(offline?.duration_ms).toBeGreaterThanOrEqual(2_900);

    // The tutor: a count per taker on the monitor, the timeline in the review.
    await tutor.reload();
    const annRow = tutor.getByTestId('monitor-taker').filter({ hasText: 'Ann Lee' });
    await expect(annRow.getByTestId('monitor-signals')).toHaveText('3');
    await tutor.goto(`/en/tutor/assignments/${assignmentId}/attempts/${annOnServer?.uuid}`);
    const timeline = tutor.getByRole('region', { name: 'How the test was taken' });
    await expect(timeline.getByRole('listitem')).toHaveCount(3);
    await expect(timeline.getByRole('listitem').nth(0)).toContainText(/The page was hidden for [23] s\./);
    await expect(timeline.getByRole('listitem').nth(1)).toContainText(
      /Text was pasted into the answer to question \d\. \(5 characters\)/,
    );
    await expect(timeline.getByRole('listitem').nth(2)).toContainText(/The device was offline for \d+ s\./);
    await ann.context.close();
    await other.context.close();

    // Deleting the assignment deletes its attempts, their answers and their signals.
    await tutor.goto(`/en/tutor/assignments/${assignmentId}`);
    await tutor.getByRole('button', { name: 'Delete the assignment' }).click();
    await tutor.getByRole('dialog').getByRole('button', { name: 'Delete the assignment' }).click();
    await expect(tutor).toHaveURL(/\/en\/tutor\/assignments$/);
    expect(stored(code, 'Ann Lee')).toBeNull();
    const db = e2eDb();
    const left = db
      .prepare('select count(*) as n from session_signals where session_uuid = ?')
      .get(annOnServer?.uuid) as {
      n: number;
    };
    db.close();
    expect(left.n).toBe(0);
  } finally {
    await proxy.down();
  }
});

test('the pool settings, the signals notice and the review timeline pass axe in four languages at every width and with text at 200 %', async ({
  page,
  browser,
}) => {
  // About half of this on this project's machines; the margin is for a machine running slow.
  test.setTimeout(360_000);
  const auth = await tutorWithToken(page);
  // By points: four questions worth 1 and four worth 2, two of each drawn (the editor shows the shares).
  const draft = poolDraft();
  const pool = draft.blocks[0] as TestDraft['blocks'][number];
  pool.questions.forEach((q, i) => {
    q.points = i < 4 ? 1 : 2;
  });
  pool.draw = { count: 4, by_points: true };
  const made = await page.request.post('/v1/tutor/tests', { headers: auth, data: { draft } });
  const testId = (await made.json()).data.id as string;
  expect((await page.request.post(`/v1/tutor/tests/${testId}/publish`, { headers: auth, data: {} })).status()).toBe(
    200,
  );
  const assignment = await page.request.post('/v1/tutor/assignments', {
    headers: auth,
    data: { test_id: testId, rules: { ...PLAINEST_RULES, collect_signals: true } },
  });
  const { id, code } = (await assignment.json()).data as { id: string; code: string };
  const start = await page.request.post(`/v1/public/assignments/${code}/start`, { data: { display_name: 'Ann Lee' } });
  const taker = (await start.json()).data as {
    uuid: string;
    api_token: string;
    sealed: { order: { questions: string[] }[] };
  };
  const [first] = taker.sealed.order[0]?.questions ?? [];
  const now = Date.now();
  const online = `/v1/public/lessons/online/${taker.uuid}`;
  const signals = await page.request.post(`${online}/signals?api_token=${taker.api_token}`, {
    data: {
      signals: [
        { signal_id: randomUUID(), kind: 'hidden', at: now - 5_000, duration_ms: 40_000 },
        { signal_id: randomUUID(), kind: 'paste', at: now - 4_000, length: 1, question_id: first },
        { signal_id: randomUUID(), kind: 'offline', at: now - 3_000, duration_ms: 185_000 },
        { signal_id: randomUUID(), kind: 'clock', at: now - 2_000, duration_ms: -125_000 },
        { signal_id: randomUUID(), kind: 'blur', at: now - 1_000, duration_ms: 3_000 },
      ],
    },
  });
  expect((await signals.json()).data.stored).toBe(5);
  await page.request.post(`${online}/finish?api_token=${taker.api_token}`, { data: { reason: 'manual' } });
  const visitor = await (await browser.newContext()).newPage();

  for (const locale of LOCALES) {
    expect((await page.request.patch('/v1/auth/session', { headers: auth, data: { locale } })).status()).toBe(200);
    const say = (text: string) => catalog(locale).get(text) || text;
    const atBothWidths = (where: string, subject: Page) => expectAccessibleAtEveryWidth(subject, `${locale} ${where}`);
    await page.goto(`/${locale}/tutor/tests/${testId}`);
    await expect(page.locator('.pool-settings__shares').first()).toBeVisible();
    await atBothWidths('pool settings', page);

    await visitor.goto(`/${locale}/a/${code}`);
    await expect(visitor.getByText(say('This test records how it is taken:'))).toBeVisible();
    await atBothWidths('signals notice', visitor);

    await page.goto(`/${locale}/tutor/assignments/${id}/attempts/${taker.uuid}`);
    await expect(page.locator('.signal-timeline li')).toHaveCount(5);
    await atBothWidths('review timeline', page);
  }
});
