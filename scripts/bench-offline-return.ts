/**
 * `npm run bench:offline-return` (after `npm run build`): two figures of issue 7, in Chromium
 * against the built app and the real server on loopback.
 *  1. A returning visit with no connection: a test is started online, the tab is closed, the
 *     device goes offline and the lesson is opened again; the time from navigation start until the
 *     running test (its countdown) shows. Target ≤ 1 s. Measured BENCH_RUNS (3) times; the median counts.
 *  2. 100 answers queued offline: with the connection cut, 100 answers sit in the outbox; the time
 *     from reconnecting until the server has stored all 100 (read from its database). Target ≤ 1 s.
 * Exits 1 when a median misses its target.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import Database from 'better-sqlite3';
import { sampleAnswer } from '../contract/question-types/registry.ts';
import { requireBuiltApp } from './bench/built-app.ts';
import { freePort, startProcess, stopProcess } from './bench/processes.ts';
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from './chromium.ts';

requireBuiltApp();

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const ANSWERS = 100;
const TARGET_MS = 1000;
const SLUG = 'linear-equations';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'zalik-bench-offline-'));
const server = await startProcess(
  process.execPath,
  ['--import', 'tsx', 'server/server.ts'],
  { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: 'dist', LOG_LEVEL: 'warn', PUBLIC_URL: origin },
  port,
  '/v1/public/main-page',
);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: PLAYWRIGHT_CHROMIUM_ARGS,
});
const storedAnswers = (uuid: string) => {
  const db = new Database(join(dataDir, 'zalik.sqlite'), { readonly: true });
  try {
    return (db.prepare('select count(*) as n from answers where session_uuid = ?').get(uuid) as { n: number }).n;
  } finally {
    db.close();
  }
};

const reopenTimes: number[] = [];
const syncTimes: number[] = [];
try {
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    let page = await context.newPage();
    await page.goto(`${origin}/en/test/${SLUG}`);
    await page.getByRole('button', { name: 'Start test' }).click();
    await page.getByRole('timer').waitFor();
    // The service worker has the shell: the page must be under its control before going offline.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const uuid = await page.evaluate(() => {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i) ?? '';
        if (key.startsWith('zalik:session:'))
          return (JSON.parse(localStorage.getItem(key) ?? '{}') as { uuid: string }).uuid;
      }
      return '';
    });

    // 1. Closed, offline, opened again.
    await page.close();
    await context.setOffline(true);
    page = await context.newPage();
    // Noted in the page the moment the countdown is in the document: Playwright's own waiting polls,
    // at growing intervals, and would add its delay to the figure.
    // A string, not a function: tsx would wrap a function's inner closures in helpers the page lacks.
    await page.addInitScript(`
      const observer = new MutationObserver(() => {
        if (document.querySelector('[role="timer"]')) {
          window.__timerShownAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    `);
    await page.goto(`${origin}/en/test/${SLUG}`, { waitUntil: 'commit' });
    // A cheap check, not a role query: Playwright's locators walk the whole document on every poll,
    // on the page's main thread, and would slow down the very load being measured.
    await page.waitForFunction(
      () => (window as unknown as { __timerShownAt?: number }).__timerShownAt !== undefined,
      undefined,
      { polling: 100, timeout: 30_000 },
    );
    const shownAt = await page.evaluate(() => (window as unknown as { __timerShownAt: number }).__timerShownAt);
    reopenTimes.push(shownAt);
    if (process.env.BENCH_VERBOSE) {
      const timeline = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        const rows = [
          `navigation: responseEnd ${nav?.responseEnd.toFixed(0)} domContentLoaded ${nav?.domContentLoadedEventEnd.toFixed(0)}`,
        ];
        for (const mark of performance.getEntriesByType('mark'))
          rows.push(`mark ${mark.startTime.toFixed(0)} ${mark.name}`);
        for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
          rows.push(
            `${entry.startTime.toFixed(0).padStart(5)} ${entry.responseEnd.toFixed(0).padStart(5)} ${entry.name.replace(location.origin, '')}`,
          );
        }
        return rows.join('\n');
      });
      console.log(timeline);
    }

    // 2. 100 answers in the outbox (as a long offline stretch leaves them: each its own answer_id).
    const before = storedAnswers(uuid);
    type Seen = { id: string; type: string; options?: { id: string }[] };
    const attempt = await page.evaluate(
      (session) =>
        new Promise<{ questions: Seen[]; started_at: number }>((resolve, reject) => {
          const open = indexedDB.open('zalik-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result.transaction('attempts').objectStore('attempts').get(session);
            read.onsuccess = () => {
              const stored = read.result as { blocks: { questions: Seen[] }[]; session: { started_at: number } };
              open.result.close();
              resolve({
                questions: stored.blocks.flatMap((block) => block.questions),
                started_at: stored.session.started_at,
              });
            };
          };
        }),
      uuid,
    );
    const answers = Array.from({ length: ANSWERS }, (_, i) => attempt.questions[i % attempt.questions.length])
      .filter((question): question is Seen => question !== undefined)
      .map((question, i) => ({
        question_id: question.id,
        value: sampleAnswer(question, () => 0),
        answered_at: attempt.started_at + 1000 + i,
      }));
    await page.evaluate(
      ({ session, answers }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('zalik-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('outbox', 'readwrite');
            for (const answer of answers) {
              tx.objectStore('outbox').add({
                session,
                kind: 'answer',
                answer_id: crypto.randomUUID(),
                ...answer,
                reason: null,
                state: 'queued',
                refusal: null,
              });
            }
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
          };
        }),
      { session: uuid, answers },
    );
    const reconnected = performance.now();
    await context.setOffline(false);
    while (storedAnswers(uuid) < before + ANSWERS) {
      if (performance.now() - reconnected > 30_000) {
        const left = await page.evaluate(
          () =>
            new Promise((resolve) => {
              const open = indexedDB.open('zalik-offline');
              open.onsuccess = () => {
                const read = open.result.transaction('outbox').objectStore('outbox').getAll();
                read.onsuccess = () =>
                  resolve(read.result.map((e: { state: string; refusal: string | null }) => `${e.state}:${e.refusal}`));
              };
            }),
        );
        throw new Error(
          `the queued answers did not arrive within 30 s: ${storedAnswers(uuid) - before} stored; outbox ${JSON.stringify(left).slice(0, 300)}`,
        );
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    syncTimes.push(performance.now() - reconnected);
    await context.close();
  }
} finally {
  await browser.close();
  await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}

const reopen = median(reopenTimes);
const sync = median(syncTimes);
const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
console.log(
  `offline return: running test shown ${reopen.toFixed(0)} ms after navigation (runs ${list(reopenTimes)}; target ≤ ${TARGET_MS})`,
);
console.log(
  `${ANSWERS} queued answers stored ${sync.toFixed(0)} ms after reconnecting (runs ${list(syncTimes)}; target ≤ ${TARGET_MS})`,
);
if (reopen > TARGET_MS || sync > TARGET_MS) process.exitCode = 1;
