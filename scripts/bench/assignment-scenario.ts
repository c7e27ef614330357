/**
 * The exam day as one assignment (`npm run bench:assignment`): a tutor gives a test of
 * QUESTIONS questions to the whole crowd, and watches its live monitor in every other window of
 * WINDOW_S seconds (BENCH_WATCH=0: in none, to see the two sets' difference by chance), so the answer path is measured in the same run with and without a tutor
 * watching. Each monitor read must show every answer acknowledged before it was sent. Afterwards the
 * results table is read READS times and both CSV exports are streamed, each timed.
 */

import http from 'node:http';
import { medianWindowP99, percentile } from './load.ts';
import { pooled } from './pool-signals.ts';

/** Questions in the assigned test: the CSV of every answer is takers × this many rows. */
export const QUESTIONS = 50;
const BLOCKS = 5;
/**
 * Windows of this many seconds alternate: nobody watching, then the tutor's monitor open (two reads
 * in each, as often as watching all along). Short, so that both kinds fall evenly over the phases
 * of the exam (starts, answers, finishes): with 10 s windows and nobody watching in either, the two
 * sets' p99 differed by 11 % by chance alone.
 */
export const WINDOW_S = 3;
/** How often the monitor reads again while open (the app's own interval, MonitorPanel.tsx). */
export const MONITOR_EVERY_MS = Number(process.env.BENCH_MONITOR_EVERY_MS ?? 1_500);
const READS = 20;

interface Reply {
  status: number;
  text: string;
  ms: number;
}

/** One plain request, timed to the last byte of the answer. */
export function call(port: number, method: string, path: string, body?: unknown, token?: string): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

export function expectStatus(reply: Reply, status: number, what: string) {
  if (reply.status !== status) throw new Error(`${what}: ${reply.status} ${reply.text.slice(0, 300)}`);
  return JSON.parse(reply.text) as { data: Record<string, unknown> };
}

/** A test of `blocks` × `perBlock` single-choice questions (q1, q2, …; option a is right), in English. */
export function singleChoiceDraft(blocks = BLOCKS, perBlock = QUESTIONS / BLOCKS, title = 'Exam day') {
  const en = (text: string) => ({ en: text });
  return {
    title: en(title),
    description: en('A benchmark test'),
    subject: null,
    specialization: null,
    duration_seconds: 3600,
    languages: ['en'],
    blocks: Array.from({ length: blocks }, (_, b) => ({
      id: `b${b + 1}`,
      title: en(`Part ${b + 1}`),
      questions: Array.from({ length: perBlock }, (_, q) => ({
        id: `q${b * perBlock + q + 1}`,
        type: 'single',
        points: 1,
        text: en(`Question ${b * perBlock + q + 1}: which is right?`),
        options: [
          { id: 'a', text: en('This one') },
          { id: 'b', text: en('That one') },
        ],
        correct_option: 'a',
      })) as Record<string, unknown>[],
    })),
  };
}

export interface GivenAssignment {
  id: string;
  code: string;
  token: string;
}

/** A new tutor account, signed in: its access token. */
export async function signedUpTutor(port: number, email: string): Promise<string> {
  const password = 'correct-horse-battery';
  const account = { accept_policy: 1, email, firstname: 'Bench', lastname: 'Tutor', role: 'tutor' };
  const registered = { ...account, password, password_confirmation: password };
  expectStatus(await call(port, 'POST', '/v1/auth/register', registered), 201, 'register');
  const login = expectStatus(await call(port, 'POST', '/v1/auth/login', { email, password }), 200, 'login');
  return String(login.data.token);
}

/**
 * A tutor, their published test of QUESTIONS questions, and an assignment of it to anyone with the
 * link; `pools`: its blocks pools and its attempts' integrity signals collected (pool-signals.ts).
 */
export async function giveAssignment(port: number, pools = false): Promise<GivenAssignment> {
  const token = await signedUpTutor(port, `bench-tutor-${process.pid}${pools ? '-pools' : ''}@example.test`);
  const test = expectStatus(
    await call(
      port,
      'POST',
      '/v1/tutor/tests',
      { draft: pools ? pooled(singleChoiceDraft()) : singleChoiceDraft() },
      token,
    ),
    201,
    'create test',
  );
  expectStatus(await call(port, 'POST', `/v1/tutor/tests/${test.data.id}/publish`, {}, token), 200, 'publish');
  const made = expectStatus(
    await call(
      port,
      'POST',
      '/v1/tutor/assignments',
      {
        test_id: test.data.id,
        rules: {
          opens_at: null,
          closes_at: null,
          duration_seconds: null,
          attempts: 1,
          shuffle_questions: true,
          shuffle_options: true,
          access: 'link',
          review: 'full',
          release: 'immediately',
          start: 'window',
          late_start: 'time_left',
          collect_signals: pools,
        },
      },
      token,
    ),
    201,
    'assign',
  );
  return { id: String(made.data.id), code: String(made.data.code), token };
}

/** The window a moment falls in, counted from t0. */
export const windowAt = (t0: number, now = performance.now()) => Math.floor((now - t0) / (WINDOW_S * 1000));

/** Whether the tutor's monitor is open now: every other window. */
export const watchedAt = (t0: number, now = performance.now()) => windowAt(t0, now) % 2 === 1;

/** Windows with fewer single answers than this have no p99 of their own worth the name. */
const MIN_WINDOW_ANSWERS = 100;

/**
 * The answer p99 of a typical window of each kind: each window's own p99, then the median over the
 * windows of that kind. A stall of the whole machine (a checkpoint's flush, a pause of the virtual
 * machine) lands in a window or two and moves the pooled p99 of whichever kind it hit, by far more
 * than the 10 % to be told apart: with nobody watching in either kind, the pooled p99s of four
 * 90 s PostgreSQL runs here differed by -13, +190, -26 and +60 %. The median window is the one a stall does not
 * reach, while a cost of every monitor read shows in every watched window.
 */
export function typicalWindowP99(answers: { window: number; ms: number }[]) {
  const typical = medianWindowP99(answers, (a) => (a.window % 2 === 1 ? 'watched' : 'unwatched'), MIN_WINDOW_ANSWERS);
  return {
    watched: typical.watched?.p99 ?? 0,
    unwatched: typical.unwatched?.p99 ?? 0,
    windows: { watched: typical.watched?.windows ?? 0, unwatched: typical.unwatched?.windows ?? 0 },
  };
}

export interface MonitorWatch {
  reads: number;
  latencies: number[];
  /** When each read was in flight, wall-clock ms: the answers sent meanwhile are told apart. */
  spans: [number, number][];
  /** What each read, merged into the list before it, showed: the answered questions of every taker. */
  shown: number[];
  /** How many takers each read of the changed ones (not a full read) brought, in order. */
  sent: number[];
}

/**
 * The reads that showed fewer answered questions than had been acknowledged with a 2xx before they
 * were sent (`acknowledgedAt`: wall-clock ms of each distinct question's first acknowledgment, in
 * order). Told after the run, so that no message passes between the tutor's process and the takers'
 * while the answers are timed: asking for the count before each read held the takers' process up
 * for a few milliseconds just as the read began.
 */
export function readsBehind(watch: MonitorWatch, acknowledgedAt: number[]): number {
  let behind = 0;
  for (const [i, [from]] of watch.spans.entries()) {
    let lo = 0;
    let hi = acknowledgedAt.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((acknowledgedAt[mid] as number) < from) lo = mid + 1;
      else hi = mid;
    }
    if ((watch.shown[i] ?? 0) < lo) behind += 1;
  }
  return behind;
}

/** Wall-clock ms with a fraction, the same in every process on the machine. */
export const wallNow = () => performance.timeOrigin + performance.now();

/**
 * The answers of the watched windows that were in flight while a monitor read was: whether what the
 * tutor's reads cost the answer path is paid by the answers beside them, or by everyone. Read with
 * care: a read that meets a stall of the machine lasts as long as the stall, so the answers beside
 * reads gather the stalls' victims (beside reads of `/health` alone, their p99 was 7 times the rest's).
 */
export function besideReads(answers: { at: number; ms: number }[], spans: [number, number][]) {
  const beside: number[] = [];
  const apart: number[] = [];
  for (const { at, ms } of answers) {
    const overlaps = spans.some(([from, to]) => from <= at + ms && to >= at);
    (overlaps ? beside : apart).push(ms);
  }
  return { beside: beside.sort((a, b) => a - b), apart: apart.sort((a, b) => a - b) };
}

/** The reads after the exam: the results table READS times, and each CSV export streamed whole. */
export async function readResults(port: number, given: GivenAssignment) {
  const table: number[] = [];
  let attempts = 0;
  for (let i = 0; i < READS; i++) {
    const reply = await call(port, 'GET', `/v1/tutor/assignments/${given.id}/results`, undefined, given.token);
    attempts = (expectStatus(reply, 200, 'results').data.attempts as unknown[]).length;
    table.push(reply.ms);
  }
  const csv = async (which: 'results' | 'answers') => {
    const reply = await call(port, 'GET', `/v1/tutor/assignments/${given.id}/${which}.csv`, undefined, given.token);
    if (reply.status !== 200) throw new Error(`${which}.csv: ${reply.status}`);
    return { ms: reply.ms, rows: reply.text.split('\r\n').length - 2, bytes: Buffer.byteLength(reply.text) };
  };
  const sorted = table.sort((a, b) => a - b);
  return {
    attempts,
    tableP95: percentile(sorted, 95),
    resultsCsv: await csv('results'),
    answersCsv: await csv('answers'),
  };
}
