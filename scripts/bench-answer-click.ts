/**
 * `npm run bench:click`: how long a taker waits between clicking an answer and that answer being
 * stored in IndexedDB (the outbox transaction committed), in Chromium against the built app and
 * the real server (BENCH_OFFLINE=1: with the connection cut after the start). Needs `npm run build`
 * first. Prints p50/p95/max and where answers were stored (worker or page); exits 1 when p95 is over
 * 16 ms (one frame at 60 Hz), the target. Environment: BENCH_CLICKS (300), CHROMIUM_PATH.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import type { LessonFile } from '../contract/content.ts';
import { optionsOf, sampleAnswer } from '../contract/question-types/registry.ts';
import { requireBuiltApp } from './bench/built-app.ts';
import { freePort, startProcess, stopProcess } from './bench/processes.ts';
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from './chromium.ts';

requireBuiltApp();

const CLICKS = Math.max(200, Number(process.env.BENCH_CLICKS ?? 300));
const TARGET_P95_MS = 16;
const lesson = JSON.parse(
  readFileSync('content/lessons/mathematics/algebra/linear-equations.json', 'utf8'),
) as LessonFile;

/**
 * Runs in the page before the app. Notes each answer click's event time and the moment each answer
 * is stored, both on the page's performance clock. Stored means the IndexedDB transaction that adds
 * the outbox entry completed: in the answer-writing worker, which reports the time on the shared
 * high-resolution clock (`storedAt`), or, where the page writes itself, its `complete` event.
 */
function instrument() {
  const marks = { clicks: [] as number[], stored: [] as number[], byWorker: 0, byPage: 0 };
  (window as unknown as { __bench: typeof marks }).__bench = marks;
  document.addEventListener(
    'click',
    (event) => {
      // Answer inputs only: the start button's click is not an answer.
      if (event.target instanceof HTMLInputElement) marks.clicks.push(event.timeStamp);
    },
    { capture: true },
  );
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      this.addEventListener('message', (event: MessageEvent) => {
        const reply = event.data as { ok?: boolean; storedAt?: number } | null;
        if (reply?.ok && typeof reply.storedAt === 'number') {
          marks.byWorker += 1;
          marks.stored.push(reply.storedAt - performance.timeOrigin);
        }
      });
    }
  };
  const add = IDBObjectStore.prototype.add;
  IDBObjectStore.prototype.add = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['add']>) {
    if (this.name === 'outbox')
      this.transaction.addEventListener('complete', () => {
        marks.byPage += 1;
        marks.stored.push(performance.now());
      });
    return add.apply(this, args);
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'zalik-bench-click-'));
const server = await startProcess(
  process.execPath,
  ['--import', 'tsx', 'server/server.ts'],
  { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: 'dist', LOG_LEVEL: 'warn' },
  port,
  '/v1/public/main-page',
);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: PLAYWRIGHT_CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage();
  await page.addInitScript(instrument);
  await page.goto(`http://127.0.0.1:${port}/en/test/${lesson.slug}`);
  await page.getByRole('button', { name: 'Start test' }).click();

  // A question answered by one click on an option: its answer is one option's id.
  const singles = (lesson.blocks[0]?.questions ?? []).flatMap((question) => {
    const options = optionsOf(question);
    return options && typeof sampleAnswer(question) === 'string' ? [{ text: question.text, options }] : [];
  });
  if (singles.length === 0) throw new Error('the first block has no single-choice question to click');
  const radios = singles.map((question) =>
    question.options.map((option) =>
      page
        .getByRole('group', { name: question.text.en, exact: true })
        .getByRole('radio', { name: option.text.en, exact: true }),
    ),
  );
  await radios[0]?.[0]?.waitFor();
  // BENCH_OFFLINE=1: no connection, so no sending competes with the clicks for the outbox.
  if (process.env.BENCH_OFFLINE === '1') await page.context().setOffline(true);

  const latencies: number[] = [];
  for (let i = 0; i < CLICKS; i++) {
    // Another question each time, and another option than the one checked: every click is an answer.
    const options = radios[i % radios.length] ?? [];
    const radio = options[Math.floor(i / radios.length + 1) % options.length];
    if (!radio) throw new Error('no option to click');
    await radio.click();
    const done = await page.waitForFunction(
      (n) => {
        const marks = (window as unknown as { __bench: { clicks: number[]; stored: number[] } }).__bench;
        const click = marks.clicks[n];
        const stored = marks.stored.find((at) => click !== undefined && at >= click);
        return click !== undefined && marks.stored.length > n && stored !== undefined ? stored - click : false;
      },
      i,
      { polling: 5 },
    );
    latencies.push((await done.jsonValue()) as number);
  }

  const paths = await page.evaluate(() => {
    const marks = (window as unknown as { __bench: { byWorker: number; byPage: number } }).__bench;
    return { byWorker: marks.byWorker, byPage: marks.byPage };
  });
  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  const mode = process.env.BENCH_OFFLINE === '1' ? 'offline' : 'online';
  console.log(`click → answer stored in IndexedDB, ${CLICKS} clicks (Chromium, built app, ${mode}):`);
  console.log(`  stored by the worker: ${paths.byWorker}, by the page: ${paths.byPage}`);
  console.log(
    `  p50 ${p50.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   max ${(sorted.at(-1) ?? 0).toFixed(1)} ms   target p95 ≤ ${TARGET_P95_MS} ms`,
  );
  if (!(p95 <= TARGET_P95_MS)) process.exitCode = 1;
} finally {
  await browser.close();
  await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
}
