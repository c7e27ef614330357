/**
 * The offline-tolerant test client against the built app and the real server: answers taken with no
 * connection, reloads and reopened pages, a server that goes away, a device clock that moves, and
 * answers that arrive after the deadline. Every test reads what the server stored, not only the screen.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { mainServer, ownPort } from './e2e-server.ts';
import { type BrowserContext, expect, type Locator, type Page, test } from './fixtures.ts';
import { FlakyProxy } from './flaky-proxy.ts';
import type { DemoQuestion as Question } from './lesson-key.ts';
import { lessonFile, type Plan, planAnswers } from './lesson-key.ts';
import { OwnServer } from './own-server.ts';
import { waitForServiceWorker } from './service-worker.ts';
import { waitForStoredBlocks } from './stored-blocks.ts';

const lesson = lessonFile('content/lessons/mathematics/algebra/linear-equations.json');

interface StoredAnswer {
  id: string;
  question_id: string;
  value: string;
  answered_at: number;
  received_at: number;
  late_ms: number | null;
}
interface StoredSession {
  status: string;
  finish_reason: string | null;
  score: number | null;
  deadline: number;
  started_at: number;
}

/** What the server's database holds for a session. */
function onServer(dataDir: string, uuid: string) {
  const db = new Database(join(dataDir, 'zalik.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const answers = db
      .prepare('select id, question_id, value, answered_at, received_at, late_ms from answers where session_uuid = ?')
      .all(uuid) as StoredAnswer[];
    const session = db
      .prepare('select status, finish_reason, score, deadline, started_at from online_sessions where uuid = ?')
      .get(uuid) as StoredSession;
    return { answers, session };
  } finally {
    db.close();
  }
}

function expectedValue({ question, right }: Plan): unknown {
  switch (question.type) {
    case 'single':
      return right ? question.correct : question.options.find((o) => o.id !== question.correct)?.id;
    case 'multiple':
      return right ? question.correct : question.correct.slice(0, 1);
    case 'text':
      return right ? question.accepted.en[0] : 'certainly not this';
    case 'number':
      return right ? question.correct : question.correct + 1000;
  }
}

function group(page: Page, question: Question): Locator {
  return page.getByRole('group', { name: question.text.en, exact: true });
}

async function answer(page: Page, plan: Plan) {
  const { question, right } = plan;
  const field = group(page, question);
  await expect(field).toBeVisible();
  switch (question.type) {
    case 'single': {
      const option = question.options.find((o) => o.id === expectedValue(plan));
      await field.getByRole('radio', { name: option?.text.en, exact: true }).check();
      break;
    }
    case 'multiple': {
      const ticks = right ? question.correct : question.correct.slice(0, 1);
      for (const id of ticks) {
        const option = question.options.find((o) => o.id === id);
        await field.getByRole('checkbox', { name: option?.text.en, exact: true }).check();
      }
      break;
    }
    case 'text':
    case 'number': {
      const input = field.getByRole('textbox');
      await input.fill(String(expectedValue(plan)));
      await input.press('Enter');
      break;
    }
  }
  // Stored on this device (offline) or already on the server (online): either way, not lost.
  await expect(field.getByText(/Saved on this device|Answer saved/)).toBeVisible();
}

function blockOf(question: Question): number {
  return lesson.blocks.findIndex((block) => block.questions.includes(question));
}

async function openBlock(page: Page, index: number) {
  const block = lesson.blocks[index];
  if (!block || lesson.blocks.length < 2) return;
  await page
    .getByRole('button', { name: new RegExp(block.title.en) })
    .first()
    .click();
}

async function answerAll(page: Page, steps: Plan[]) {
  let shown = -1;
  for (const step of steps) {
    const index = blockOf(step.question);
    if (index !== shown) {
      await openBlock(page, index);
      shown = index;
    }
    await answer(page, step);
  }
}

/**
 * Waits until the server holds each of `steps` with its last value and the device holds no answer
 * still to send, and returns the attempt's id. "All answers sent" can show before the last click's
 * answer is even queued, and a multiple choice's first tick is on the server while its last waits:
 * a test that cut the connection then had one answer more waiting than it counted.
 */
async function untilOnServer(page: Page, dataDir: string, steps: Plan[]): Promise<string> {
  const remembered = await page.evaluate((slug) => localStorage.getItem(`zalik:session:${slug}`), lesson.slug);
  const { uuid } = JSON.parse(remembered ?? '{}') as { uuid: string };
  const lastValues = () => {
    const last = new Map<string, StoredAnswer>();
    for (const stored of onServer(dataDir, uuid).answers) {
      const before = last.get(stored.question_id);
      if (!before || before.answered_at <= stored.answered_at) last.set(stored.question_id, stored);
    }
    return Object.fromEntries([...last].map(([id, stored]) => [id, JSON.parse(stored.value)]));
  };
  await expect
    .poll(lastValues)
    .toEqual(Object.fromEntries(steps.map((step) => [step.question.id, expectedValue(step)])));
  await expect.poll(() => queuedOnDevice(page)).toBe(0);
  return uuid;
}

/** The answers and finishes the device's outbox still holds to send (IndexedDB, not the screen). */
function queuedOnDevice(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('zalik-offline');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const reading = opening.result.transaction('outbox').objectStore('outbox').getAll();
          reading.onerror = () => reject(reading.error);
          reading.onsuccess = () => {
            opening.result.close();
            const entries = reading.result as { kind: string; state: string }[];
            resolve(entries.filter((entry) => entry.kind !== 'signal' && entry.state === 'queued').length);
          };
        };
      }),
  );
}

async function startTest(page: Page, base = '') {
  await page.goto(`${base}/en/test/${lesson.slug}`);
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: 'Start test' }).click();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
  await expect(group(page, lesson.blocks[0]?.questions[0] as Question)).toBeVisible();
  await waitForStoredBlocks(page);
}

/** The port of a test's own FlakyProxy (one test of this file at a time uses it). */
const PROXY_PORT = ownPort(3);

const RESULTS_URL = /\/en\/test\/([0-9a-f-]{36})\/results-preview\?api_token=([A-Za-z0-9_-]+)/;

async function finishAndSeeResults(page: Page, { waiting }: { waiting: boolean }) {
  await page.getByRole('button', { name: 'Finish test' }).click();
  await page.getByRole('button', { name: 'Yes, finish' }).click();
  const notice = page.getByRole('dialog', { name: 'Test finished' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(waiting ? 'kept on this device' : 'have been sent');
  await notice.getByRole('button', { name: 'See results' }).click();
  await expect(page).toHaveURL(RESULTS_URL);
  const [, uuid = '', token = ''] = RESULTS_URL.exec(page.url()) ?? [];
  expect(await page.evaluate(() => sessionStorage.getItem('zalik:test-finished-by-role'))).toBe('student');
  return { uuid, token };
}

/** No answer lost, none counted twice: one stored answer per question, each with the value given. */
function expectEveryAnswerOnce(answers: StoredAnswer[], plan: Plan[]) {
  expect(answers.map((a) => a.question_id).sort()).toEqual(plan.map((p) => p.question.id).sort());
  for (const step of plan) {
    const stored = answers.find((a) => a.question_id === step.question.id);
    expect(JSON.parse(stored?.value ?? 'null'), step.question.id).toEqual(expectedValue(step));
  }
}

async function expectNoServerAnswersYet(dataDir: string, page: Page) {
  const uuid = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('zalik-offline');
        open.onsuccess = () => {
          const read = open.result.transaction('attempts').objectStore('attempts').getAllKeys();
          read.onsuccess = () => {
            open.result.close();
            resolve(String(read.result.at(-1)));
          };
        };
      }),
  );
  return onServer(dataDir, uuid).answers.length;
}

const e2eDataDir = () => {
  const dir = mainServer().dataDir;
  return dir;
};

test('offline from the start: answer everything, reload offline, finish offline, all arrives once online', async ({
  page,
  context,
}) => {
  const dataDir = e2eDataDir();
  const { plan, score, max } = planAnswers(lesson);
  await startTest(page);

  await context.setOffline(true);
  const half = Math.ceil(plan.length / 2);
  await answerAll(page, plan.slice(0, half));
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await expect(page.getByTestId('waiting-answers')).toHaveText(`${half} answers waiting to be sent`);
  expect(await expectNoServerAnswersYet(dataDir, page)).toBe(0);

  // A reload with no connection resumes the test: answers, block, waiting outbox.
  await page.reload();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
  await expect(page.getByTestId('waiting-answers')).toHaveText(`${half} answers waiting to be sent`);
  await answerAll(page, plan.slice(half));
  await expect(page.getByTestId('waiting-answers')).toHaveText(`${plan.length} answers waiting to be sent`);

  const { uuid, token } = await finishAndSeeResults(page, { waiting: true });
  await expect(page.getByTestId('results-pending')).toBeVisible();
  expect(onServer(dataDir, uuid).session.status).toBe('running');

  // Back online: the outbox goes out by itself and the results fill in.
  await context.setOffline(false);
  await expect(page.getByTestId('score')).toHaveText(`${score} of ${max}`, { timeout: 30_000 });

  const stored = onServer(dataDir, uuid);
  expect(stored.session).toMatchObject({ status: 'finished', finish_reason: 'manual', score });
  expectEveryAnswerOnce(stored.answers, plan);
  expect(stored.answers.every((a) => a.late_ms === null)).toBe(true);
  const results = await page.request.get(`/v1/public/lessons/online/${uuid}/results?api_token=${token}`);
  expect((await results.json()).data).toMatchObject({ score, max_score: max, finish_reason: 'manual' });
});

test('the page closed and reopened mid-test, offline: the test resumes and nothing is lost', async ({
  page,
  context,
}) => {
  const dataDir = e2eDataDir();
  const { plan, score, max } = planAnswers(lesson);
  await startTest(page);
  const third = Math.ceil(plan.length / 3);
  // Some answers go out online first.
  await answerAll(page, plan.slice(0, third));
  await untilOnServer(page, dataDir, plan.slice(0, third));
  await expect(page.getByTestId('waiting-answers')).toHaveText('All answers sent');

  await context.setOffline(true);
  await answerAll(page, plan.slice(third, 2 * third));
  await page.close();

  const reopened = await context.newPage();
  const shell = await reopened.goto(`/en/test/${lesson.slug}`);
  await expect(reopened.getByRole('timer', { name: 'Time left' })).toBeVisible();
  // The service worker answered with the shell and, as the server does, the route's preloads (the
  // catalog, the page) plus, for a lesson, the running test's code; every one from its precache.
  expect(shell?.fromServiceWorker()).toBe(true);
  const sent = [
    ...((await shell?.text()) ?? '').matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g),
  ].map((link) => link[1] ?? '');
  for (const chunk of ['messages-', 'TestPage-', 'TakingView-', 'offline-kit-'])
    expect(sent.some((href) => href.startsWith(`/assets/${chunk}`))).toBe(true);
  const statuses = await reopened.evaluate(
    (hrefs) =>
      hrefs.map((href) => {
        const timing = performance.getEntriesByName(new URL(href, location.href).href)[0] as
          | PerformanceResourceTiming
          | undefined;
        return `${href} ${timing?.responseStatus}`;
      }),
    sent,
  );
  expect(statuses.filter((status) => !status.endsWith(' 200'))).toEqual([]);
  await expect(reopened.getByTestId('waiting-answers')).toHaveText(`${third} answers waiting to be sent`);
  // The answers given before closing are still there.
  const first = plan[0] as Plan;
  await openBlock(reopened, blockOf(first.question));
  await expect(group(reopened, first.question).getByText('Answer saved')).toBeVisible();
  await answerAll(reopened, plan.slice(2 * third));

  const { uuid } = await finishAndSeeResults(reopened, { waiting: true });
  await context.setOffline(false);
  await expect(reopened.getByTestId('score')).toHaveText(`${score} of ${max}`, { timeout: 30_000 });

  const stored = onServer(dataDir, uuid);
  expect(stored.session).toMatchObject({ status: 'finished', finish_reason: 'manual', score });
  // Online multiple-choice ticks are separate answers; the score counts each question once.
  expect(new Set(stored.answers.map((a) => a.question_id)).size).toBe(plan.length);
  expect(new Set(stored.answers.map((a) => a.id)).size).toBe(stored.answers.length);
  const offline = stored.answers.filter((a) => plan.slice(third).some((p) => p.question.id === a.question_id));
  expectEveryAnswerOnce(offline, plan.slice(third));
});

test('the server stopped and restarted mid-test: answers wait and arrive once', async ({ page }) => {
  test.setTimeout(120_000);
  const server = new OwnServer(ownPort(1));
  await server.start();
  try {
    const { plan, score, max } = planAnswers(lesson);
    await startTest(page, server.url);
    const half = Math.ceil(plan.length / 2);
    await answerAll(page, plan.slice(0, half));
    await untilOnServer(page, server.dataDir, plan.slice(0, half));
    await expect(page.getByTestId('waiting-answers')).toHaveText('All answers sent');

    await server.kill();
    await answerAll(page, plan.slice(half));
    await expect(page.getByTestId('waiting-answers')).toHaveText(`${plan.length - half} answers waiting to be sent`);

    await server.start();
    // No reconnect event here (the browser never went offline): the sender's backoff brings them.
    await expect(page.getByTestId('waiting-answers')).toHaveText('All answers sent', { timeout: 45_000 });
    const { uuid } = await finishAndSeeResults(page, { waiting: false });
    await expect(page.getByTestId('score')).toHaveText(`${score} of ${max}`);

    const stored = onServer(server.dataDir, uuid);
    expect(stored.session).toMatchObject({ status: 'finished', finish_reason: 'manual', score });
    expect(new Set(stored.answers.map((a) => a.question_id)).size).toBe(plan.length);
    expectEveryAnswerOnce(
      stored.answers.filter((a) => plan.slice(half).some((p) => p.question.id === a.question_id)),
      plan.slice(half),
    );
  } finally {
    await server.kill();
  }
});

/** The countdown as seconds left. */
async function secondsLeft(page: Page): Promise<number> {
  const text = (await page.getByRole('timer', { name: 'Time left' }).textContent()) ?? '';
  return text
    .split(':')
    .map(Number)
    .reduce((sum, part) => sum * 60 + part, 0);
}

/**
 * The attempt's clock as the page last wrote it down: the server's time now by it (its offset on the
 * device's time), and the latest server time it knew (the floor a reopening starts from).
 */
async function storedClock(page: Page, uuid: string): Promise<{ serverNow: number; floor: number }> {
  return page.evaluate(
    (id) =>
      new Promise<{ serverNow: number; floor: number }>((resolve, reject) => {
        const opening = indexedDB.open('zalik-offline');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const reading = opening.result.transaction('clocks').objectStore('clocks').get(id);
          reading.onerror = () => reject(reading.error);
          reading.onsuccess = () => {
            opening.result.close();
            const clock = reading.result as { offsetMs: number; lastServerNow: number } | undefined;
            resolve({ serverNow: clock ? Date.now() + clock.offsetMs : Number.NaN, floor: clock?.lastServerNow ?? 0 });
          };
        };
      }),
    uuid,
  );
}

test('moving the device clock forward and back gains no time', async ({ page, context }) => {
  const dataDir = e2eDataDir();
  const { plan } = planAnswers(lesson);
  // The page, its service worker and its workers all reach the server through this proxy, so "no
  // connection" below is real for every one of them (setOffline alone does not always reach workers).
  const proxy = new FlakyProxy(PROXY_PORT, mainServer().port);
  await proxy.start();
  try {
    await clockTest(page, context, dataDir, plan, proxy);
  } finally {
    await proxy.down();
  }
});

async function clockTest(page: Page, context: BrowserContext, dataDir: string, plan: Plan[], proxy: FlakyProxy) {
  // The controllable clock from the first page on: set later, it would restart performance.now()
  // mid-page, which no real device does.
  await context.clock.setSystemTime(new Date());
  await startTest(page, proxy.url);
  const stored0 = await page.evaluate(() => localStorage.getItem('zalik:session:linear-equations'));
  const { uuid } = JSON.parse(stored0 ?? '{}') as { uuid: string };
  const deadline = onServer(dataDir, uuid).session.deadline;
  /** What the server would say is left, from the test's own (unmoved) clock. */
  const serverLeft = () => (deadline - Date.now()) / 1000;

  expect(Math.abs((await secondsLeft(page)) - serverLeft())).toBeLessThanOrEqual(2);

  // Ten minutes forward: the countdown does not jump, and answers carry the server's time.
  await page.clock.setSystemTime(Date.now() + 10 * 60_000);
  await expect.poll(async () => Math.abs((await secondsLeft(page)) - serverLeft())).toBeLessThanOrEqual(2);
  await answerAll(page, plan.slice(0, 1));
  await expect(page.getByTestId('waiting-answers')).toHaveText('All answers sent');

  // Twenty minutes back (ten behind the real time): still no time gained.
  await page.clock.setSystemTime(Date.now() - 10 * 60_000);
  await expect.poll(async () => Math.abs((await secondsLeft(page)) - serverLeft())).toBeLessThanOrEqual(2);
  await answerAll(page, plan.slice(1, 2));
  await expect(page.getByTestId('waiting-answers')).toHaveText('All answers sent');

  // A reload online with the clock still wrong: the time comes from the server's deadline (the
  // resumed page asks the server for its time).
  await page.reload();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
  await expect.poll(async () => Math.abs((await secondsLeft(page)) - serverLeft())).toBeLessThanOrEqual(2);
  // Until the page has written down its clock against the moved device clock: the stored offset
  // then turns the device's time into the server's.
  await expect
    .poll(async () => Math.abs((await storedClock(page, uuid)).serverNow - Date.now()), { timeout: 10_000 })
    .toBeLessThanOrEqual(2_000);

  // Offline, a reload must still not trust the moved clock.
  await proxy.down();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();
  const offlineLeft = await secondsLeft(page);
  const readAt = Date.now();
  // The clock written down is taken above within 2 s of the server's, and the countdown shows whole
  // seconds: offline, the page is right within those 3 s (a moved clock would be minutes off).
  expect(Math.abs(offlineLeft - serverLeft())).toBeLessThanOrEqual(3);
  // The page writes its latest server time down every 2 s (and on leaving): once it has written one
  // from after that reading, the reopened page starts from no earlier a time.
  await expect.poll(async () => (await storedClock(page, uuid)).floor >= readAt, { timeout: 10_000 }).toBe(true);

  // Closed, clock set back another half hour, reopened offline: nothing is handed back.
  await page.close();
  await context.clock.setSystemTime(Date.now() - 40 * 60_000);
  const reopened = await context.newPage();
  await reopened.goto(`${proxy.url}/en/test/${lesson.slug}`);
  await expect(reopened.getByRole('timer', { name: 'Time left' })).toBeVisible();
  expect(await secondsLeft(reopened)).toBeLessThanOrEqual(offlineLeft);
  await answerAll(reopened, plan.slice(2, 3));

  // Nothing made offline reached the server; back online, each answer arrives once.
  expect(onServer(dataDir, uuid).answers).toHaveLength(2);
  await proxy.start();
  await context.setOffline(false);
  await expect(reopened.getByTestId('waiting-answers')).toHaveText('All answers sent', { timeout: 30_000 });
  const stored = onServer(dataDir, uuid);
  expectEveryAnswerOnce(stored.answers, plan.slice(0, 3));
  for (const given of stored.answers) {
    // Made on the server's clock (within the clock's correction), never on the moved device clock.
    expect(given.answered_at).toBeLessThanOrEqual(given.received_at + 1_000);
    expect(given.answered_at).toBeGreaterThanOrEqual(stored.session.started_at);
    expect(given.late_ms).toBeNull();
  }
  const offlineAnswer = stored.answers.find((a) => a.question_id === plan[2]?.question.id);
  // The floor may place it a little late, never early: at most the time the page was closed.
  expect((offlineAnswer?.received_at ?? 0) - (offlineAnswer?.answered_at ?? 0)).toBeLessThan(60_000);
}

test('past the deadline offline: answers made before it count, marked late; one made after it is refused', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  // No network grace: every answer arriving after the deadline is judged by when it was made.
  const server = new OwnServer(ownPort(2), { ANSWER_GRACE_SECONDS: '0' });
  await server.start();
  // The page, its service worker and its workers reach the server through this proxy: taken down,
  // there is no connection for any of them (setOffline alone does not always reach workers).
  const proxy = new FlakyProxy(PROXY_PORT, server.port);
  await proxy.start();
  try {
    // A short test: the lesson's length is set in the server's database (content needs ≥ 60 s).
    const db = new Database(join(server.dataDir, 'zalik.sqlite'));
    db.prepare('update lessons set duration_seconds = 25 where slug = ?').run(lesson.slug);
    db.close();

    const { plan } = planAnswers(lesson);
    const [q1, q2, q3, q4] = plan as [Plan, Plan, Plan, Plan];
    await startTest(page, proxy.url);
    await answerAll(page, [q1]);
    const running = await untilOnServer(page, server.dataDir, [q1]);
    await expect(page.getByTestId('waiting-answers')).toHaveText('All answers sent');

    await proxy.down();
    await context.setOffline(true);
    await answerAll(page, [q2, q3]);
    // The deadline passes offline: answers stop, the finish is queued, the timeout notice opens.
    const notice = page.getByRole('dialog', { name: 'Time is up' });
    await expect(notice).toBeVisible({ timeout: 40_000 });
    await expect(notice).toContainText('kept on this device');

    // An answer made after the deadline (a device whose clock estimate lagged) waits in the outbox too.
    await page.evaluate(
      ({ questionId, value }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('zalik-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction(['outbox', 'attempts'], 'readwrite');
            const outbox = tx.objectStore('outbox');
            const attempts = tx.objectStore('attempts');
            attempts.getAll().onsuccess = (event) => {
              const [attempt] = (event.target as IDBRequest<{ uuid: string; session: { deadline: number } }[]>).result;
              if (!attempt) return reject(new Error('no attempt'));
              outbox.getAll().onsuccess = (read) => {
                const entries = (read.target as IDBRequest<{ seq: number; kind: string }[]>).result;
                const finish = entries.find((entry) => entry.kind === 'finish');
                if (!finish) return reject(new Error('no finish queued'));
                // Before the finish, as if it had been made first.
                outbox.delete(finish.seq);
                outbox.add({
                  session: attempt.uuid,
                  kind: 'answer',
                  answer_id: crypto.randomUUID(),
                  question_id: questionId,
                  value,
                  answered_at: attempt.session.deadline + 3_000,
                  reason: null,
                  state: 'queued',
                  refusal: null,
                });
                const { seq: _seq, ...rest } = finish;
                outbox.add(rest);
              };
            };
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
          };
        }),
      { questionId: q4.question.id, value: expectedValue(q4) },
    );

    // Nothing made offline reached the server while the connection was down.
    expect(new Set(onServer(server.dataDir, running).answers.map((a) => a.question_id))).toEqual(
      new Set([q1.question.id]),
    );

    await proxy.start();
    await context.setOffline(false);
    await expect(notice.getByRole('alert')).toHaveText('1 answer was not accepted by the server.', {
      timeout: 30_000,
    });
    await notice.getByRole('button', { name: 'See results' }).click();
    await expect(page).toHaveURL(RESULTS_URL);
    const [, uuid = ''] = RESULTS_URL.exec(page.url()) ?? [];
    const expectedScore = [q1, q2, q3].filter((p) => p.right).reduce((sum, p) => sum + p.question.points, 0);
    await expect(page.getByTestId('score')).toContainText(`${expectedScore} of `);
    // The tutor sees which answers came late, and by how much.
    await expect(page.getByTestId('late-answer')).toHaveCount(2);
    await expect(page.getByTestId('late-answer').first()).toContainText('after the deadline');

    const stored = onServer(server.dataDir, uuid);
    expect(stored.session).toMatchObject({ status: 'finished', finish_reason: 'timeout', score: expectedScore });
    // By question, as the taker and the tutor see them: a multiple choice ticked in several steps
    // may leave a row per step (each made offline, each late), and only the last one counts.
    const rowsOf = (plan: Plan) => stored.answers.filter((a) => a.question_id === plan.question.id);
    expect([...new Set(stored.answers.map((a) => a.question_id))].sort()).toEqual(
      [q1, q2, q3].map((p) => p.question.id).sort(),
    );
    expect(rowsOf(q1).every((a) => a.late_ms === null)).toBe(true);
    for (const late of [q2, q3]) {
      const rows = rowsOf(late);
      expect(rows.every((a) => a.answered_at < stored.session.deadline && (a.late_ms ?? 0) > 0)).toBe(true);
      const last = rows.reduce((a, b) => (b.answered_at >= a.answered_at ? b : a));
      expect(JSON.parse(last.value)).toEqual(expectedValue(late));
    }
    expect(rowsOf(q4)).toEqual([]);
  } finally {
    await proxy.down();
    await server.kill();
  }
});

test('a returning user opens the app offline and sees the last known catalog and lesson', async ({ page, context }) => {
  await page.goto('/en/student');
  await waitForServiceWorker(page);
  // Visited once under the service worker: the shell is precached, catalog reads kept (stale-while-revalidate).
  await page.reload();
  await expect(page.getByRole('link', { name: /Mathematics/ })).toBeVisible();
  await page.goto(`/en/test/${lesson.slug}`);
  await expect(page.getByRole('heading', { name: lesson.title.en })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/en/student');
  await expect(page.getByRole('link', { name: /Mathematics/ })).toBeVisible();
  await page.goto(`/en/test/${lesson.slug}`);
  await expect(page.getByRole('heading', { name: lesson.title.en })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start test' })).toBeVisible();
  await context.setOffline(false);
});
