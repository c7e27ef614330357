/**
 * Integrity signals that tell the truth on a phone (issue 61), against the built app and the real
 * server, with the CPU slowed six times as a phone's (Chromium's own throttling, through CDP): a
 * reload is no hidden page however long it takes, and one outage (the server out of reach and the
 * browser offline) with a reload in it is one offline period of about its true length. Each test
 * reads what the server stored; a paste after the event is the marker that every signal made before
 * it has been sent (the outbox sends them in the order they were made).
 */
import { PLAINEST_RULES } from '../contract/assignments.ts';
import { e2eDb } from './e2e-db.ts';
import { mainServer, ownPort } from './e2e-server.ts';
import { type Browser, expect, type Page, test } from './fixtures.ts';
import { FlakyProxy } from './flaky-proxy.ts';
import { poolDraft } from './pools.ts';
import { waitForServiceWorker } from './service-worker.ts';
import { waitForStoredBlocks } from './stored-blocks.ts';
import { tutorWithToken } from './tutor.ts';

interface StoredSignal {
  kind: string;
  at: number;
  duration_ms: number | null;
}

/** What the server keeps of the signals of the assignment's (one) taker, in the order they happened. */
function storedSignals(code: string): StoredSignal[] {
  const db = e2eDb();
  try {
    return db
      .prepare(
        `select g.kind, g.at, g.duration_ms from session_signals g
         join online_sessions s on s.uuid = g.session_uuid join assignments a on a.id = s.assignment_id
         where a.code = ? order by g.at`,
      )
      .all(code) as StoredSignal[];
  } finally {
    db.close();
  }
}

/** An assignment that records signals, given by a tutor through the API; its code. */
async function assignmentWithSignals(tutor: Page): Promise<string> {
  const auth = await tutorWithToken(tutor);
  const made = await tutor.request.post('/v1/tutor/tests', { headers: auth, data: { draft: poolDraft() } });
  const testId = (await made.json()).data.id as string;
  expect((await tutor.request.post(`/v1/tutor/tests/${testId}/publish`, { headers: auth, data: {} })).status()).toBe(
    200,
  );
  const given = await tutor.request.post('/v1/tutor/assignments', {
    headers: auth,
    data: { test_id: testId, rules: { ...PLAINEST_RULES, collect_signals: true } },
  });
  return (await given.json()).data.code as string;
}

/** A taker through `origin` in a context of their own, the test running and kept on the device. */
async function startTaker(browser: Browser, origin: string, code: string, name: string) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await page.goto(`/en/a/${code}`);
  await waitForServiceWorker(page);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Start test' }).click();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
  await waitForStoredBlocks(page);
  return { context, page, cpu: await context.newCDPSession(page) };
}

/** A reload with the CPU slowed `rate` times, until the test is back on screen; how long it took (ms). */
async function slowReload(
  page: Page,
  cpu: { send: (method: 'Emulation.setCPUThrottlingRate', params: { rate: number }) => Promise<unknown> },
  rate: number,
) {
  await cpu.send('Emulation.setCPUThrottlingRate', { rate });
  const from = Date.now();
  await page.reload();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[data-question]').first()).toBeVisible({ timeout: 30_000 });
  const took = Date.now() - from;
  await cpu.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return took;
}

/** Five characters pasted into the first question's answer: a signal made now. */
async function pasteMarker(page: Page) {
  await page
    .locator('[data-question] input')
    .first()
    .evaluate((input) => {
      const data = new DataTransfer();
      data.setData('text/plain', '12345');
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
}

test('a reload with the CPU slowed six times, as a phone’s, records no signal', async ({ page: tutor, browser }) => {
  test.setTimeout(180_000);
  const code = await assignmentWithSignals(tutor);
  const taker = await startTaker(browser, mainServer().url, code, 'Ann Lee');
  try {
    const took = await slowReload(taker.page, taker.cpu, 6);
    test.info().annotations.push({ type: 'reload', description: `${took} ms with the CPU slowed 6×` });
    await pasteMarker(taker.page);
    await expect.poll(() => storedSignals(code).length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(storedSignals(code).map((signal) => signal.kind)).toEqual(['paste']);
  } finally {
    await taker.context.close();
  }
});

test('one outage of 20 s with a slow reload in it is one offline period of about its true length', async ({
  page: tutor,
  browser,
}) => {
  test.setTimeout(240_000);
  const code = await assignmentWithSignals(tutor);
  // The taker reaches the server through a proxy of their own: down, it refuses the page and its
  // workers alike (setOffline alone does not reach workers).
  const proxy = new FlakyProxy(ownPort(9), mainServer().port);
  await proxy.start();
  const taker = await startTaker(browser, proxy.url, code, 'Bo Chen');
  try {
    const lost = Date.now();
    await proxy.down();
    await taker.context.setOffline(true);
    await taker.page.waitForTimeout(3_000);
    // The page seems stuck, so the taker reloads it: with no connection, from the service worker.
    const took = await slowReload(taker.page, taker.cpu, 6);
    await taker.page.waitForTimeout(Math.max(0, 20_000 - (Date.now() - lost)));
    await proxy.start();
    await taker.context.setOffline(false);
    const outage = Date.now() - lost;
    await expect.poll(() => storedSignals(code).length, { timeout: 45_000 }).toBeGreaterThan(0);
    await pasteMarker(taker.page);
    await expect
      .poll(() => storedSignals(code).some((signal) => signal.kind === 'paste'), { timeout: 30_000 })
      .toBe(true);
    const signals = storedSignals(code);
    expect(signals.map((signal) => signal.kind)).toEqual(['offline', 'paste']);
    const [offline] = signals as [StoredSignal];
    test.info().annotations.push({
      type: 'outage',
      description: `${outage} ms, recorded as ${offline.duration_ms} ms; the reload in it took ${took} ms`,
    });
    // From the first loss to the return: the device hears the server back within a heartbeat check (5 s).
    expect(offline.duration_ms).toBeGreaterThanOrEqual(outage - 1_500);
    expect(offline.duration_ms).toBeLessThanOrEqual(outage + 6_000);
  } finally {
    await taker.context.close();
    await proxy.down();
  }
});
