/**
 * `npm run bench:exam-day`: an exam day against the real server and database on this machine,
 * loopback only, bounded in time and count.
 *
 * BENCH_TAKERS (2000) test-takers take one lesson together. Each opens the test's page within
 * BENCH_PREVIEW_SECONDS (30) before the starts, and fetches its sealed payload there, as the app does.
 * All start within BENCH_START_SECONDS (60): the start's answer is the session with the payload's
 * key, so each opens its questions without a request (a taker without the payload, or a start
 * without a key, fetches every block at once, as the spec's route has it). Then each answers a question
 * every BENCH_ANSWER_GAP_SECONDS (30) on average (exponential gaps) for BENCH_ANSWER_SECONDS (60) more; BENCH_OFFLINE_SHARE
 * (0.1) of them are offline meanwhile and send their answers in one batch when they come back (at a
 * random moment, or just before finishing). At the shared deadline all finish within 30 s, then read
 * their results. Afterwards the database is read directly: every answer acknowledged with a 2xx must
 * be stored, once, and every acknowledged finish must have finished its session.
 *
 * Prints requests per second and p50/p95/p99 per endpoint, errors, server CPU and memory; exits 1
 * unless every endpoint's p99 is under BENCH_P99_MS (300) with zero errors and nothing lost.
 * With DATABASE_URL it runs BENCH_SERVERS (as many as cores) server processes sharing PostgreSQL.
 * BENCH_PROFILE (a folder) makes each server write a V8 CPU profile there.
 * BENCH_TIMELINE (seconds) prints the run window by window: requests and p99 by endpoint, and the CPU
 * of the servers, PostgreSQL, this generator and every other process (Linux /proc).
 *
 * BENCH_ASSIGNMENT=1 (`npm run bench:assignment`) makes it one assignment of a tutor's 50-question
 * test (scripts/bench/assignment-scenario.ts): the takers start by its code under a name, send a
 * heartbeat when 15 s pass without contact, they answer for 300 s, and the tutor's monitor (a process
 * of its own, as the tutor is another device) is open every other 3 s; it
 * also fails unless every monitor read was current, the monitor's p95 fits the 2 s, the results
 * table's p95 is under 500 ms, the CSV of every answer streams in under 2 s, and the answer path's
 * p99 with the tutor watching is within 10 % of its p99 without, window by window (typicalWindowP99:
 * the pooled p99s are printed too, but a stall of the machine moves them by more than that alone).
 * BENCH_DUMP=<file> writes every timed answer and monitor read there, for
 * scripts/bench/around-reads.ts (the answers beside each read against those of the unwatched windows).
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { PayloadKey, SealedPayload, TakerBlock } from '../contract/online.ts';
import { inAttemptOrder, openSealedPayload } from '../contract/sealed-payload.ts';
import {
  besideReads,
  type GivenAssignment,
  giveAssignment,
  MONITOR_EVERY_MS,
  readResults,
  readsBehind,
  typicalWindowP99,
  WINDOW_S,
  wallNow,
  watchedAt,
  watchMonitor,
  windowAt,
} from './bench/assignment-scenario.ts';
import { percentile } from './bench/load.ts';
import { sampleCpuByGroup, sampleMachine, sampleProcesses } from './bench/proc-stats.ts';
import { freePort, startProcess, stopProcess } from './bench/processes.ts';
import {
  OUTAGE_AFTER_STARTS_S,
  phase,
  RetryingOutbox,
  runOutage,
  type Sent,
  waitsAfterReturn,
} from './bench/restart-scenario.ts';
import { TimedClient } from './bench/timed-client.ts';

const TAKERS = Number(process.env.BENCH_TAKERS ?? 2000);
const START_S = Number(process.env.BENCH_START_SECONDS ?? 60);
// An assignment's run answers longer: its two sets of answers (watched or not) need a tail each,
// and with 120 s (14,000 answers a set) a p99 of 7 ms moved by a millisecond between runs by chance.
const ANSWER_S = Number(process.env.BENCH_ANSWER_SECONDS ?? (process.env.BENCH_ASSIGNMENT === '1' ? 300 : 60));
const FINISH_S = 30;
/**
 * Before its start each taker's device opens the test's page (its rules, or an assignment's lobby)
 * at a random moment within this many seconds before the start window, and fetches the test's
 * sealed payload there, as the app does: the start then brings only the key.
 */
const PREVIEW_S = Number(process.env.BENCH_PREVIEW_SECONDS ?? 30);
// An assignment's run answers more often (every 10 s on average): a p99 is compared between its two
// sets of answers, and a few thousand answers in each leave that comparison to chance.
const MEAN_GAP_S = Number(process.env.BENCH_ANSWER_GAP_SECONDS ?? (process.env.BENCH_ASSIGNMENT === '1' ? 10 : 30));
/** BENCH_RESTART_SECONDS: the server stops mid-exam and is away this long (restart-scenario.ts). */
const RESTART_S = Number(process.env.BENCH_RESTART_SECONDS ?? 0);
// With a restart every taker is online: what is measured is the outage's own queue.
const OFFLINE_SHARE = Number(process.env.BENCH_OFFLINE_SHARE ?? (RESTART_S > 0 ? 0 : 0.1));
// A restarted server must answer the queued answers of the whole class at once: under 1 s.
const P99_BUDGET_MS = Number(process.env.BENCH_P99_MS ?? (RESTART_S > 0 ? 1_000 : 300));
const LESSON = process.env.BENCH_LESSON ?? 'linear-equations';
const postgres = process.env.DATABASE_URL;
const SERVERS = postgres ? Number(process.env.BENCH_SERVERS ?? availableParallelism()) : 1;
const ASSIGNMENT = process.env.BENCH_ASSIGNMENT === '1';
/** An assigned attempt's device says it is there after this long without contact (contract/online.ts). */
const HEARTBEAT_MS = 15_000;
if (!(TAKERS > 0 && TAKERS <= 100_000)) throw new Error('BENCH_TAKERS must be 1..100000');

interface Question {
  id: string;
  type: string;
  options?: { id: string }[];
}
interface Answer {
  answer_id: string;
  question_id: string;
  value: unknown;
  answered_at: number;
}

const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
const exponential = (mean: number) => -Math.log(1 - Math.random()) * mean;
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

function valueFor(question: Question): unknown {
  const options = question.options ?? [];
  if (question.type === 'single' && options.length) return pick(options).id;
  if (question.type === 'multiple' && options.length) return [pick(options).id];
  if (question.type === 'number') return Math.round(Math.random() * 100);
  return 'x';
}

const payloads = new Map<number, Promise<SealedPayload | null>>(); // version → its sealed payload, as every device keeps it
const opened = new Map<string, Promise<TakerBlock[]>>(); // key → the blocks it opened
const acknowledged = new Map<string, Set<string>>(); // session → answer ids answered with a 2xx
const answeredQuestions = new Set<string>(); // session/question pairs with an answer acknowledged
const answeredAt: number[] = []; // when each of those was first acknowledged, wall-clock ms, in order
let watcher: ReturnType<typeof watchMonitor> | null = null; // the tutor's monitor, in assignments
let given: GivenAssignment | null = null;
const finished = new Set<string>();
const lags: number[] = []; // how late the generator sent what the scenario scheduled, ms
// An assignment's single answers: sent at, in which window, and whether to the process the monitor reads from.
const windowedAnswers: { at: number; ms: number; window: number; reader: boolean }[] = [];

/**
 * The page before the start and its sealed payload. Every device fetches its own copy (the server
 * sends every byte); the generator keeps one, since they are the same bytes.
 */
async function preview(client: TimedClient, server: number): Promise<SealedPayload | null> {
  const page = given
    ? await client.request('preview', server, 'GET', `/v1/public/assignments/${given.code}`)
    : await client.request('preview', server, 'GET', `/v1/public/lessons/${LESSON}`);
  const version = (page.body as { data?: { version?: number } })?.data?.version;
  if (version === undefined) return null;
  // Only the first copy is read (the others are the same bytes); a copy that arrives before it waits for it.
  const kept = payloads.get(version);
  const fetched = client.request(
    'payload',
    server,
    'GET',
    `/v1/public/lesson-versions/${version}/payload/en`,
    undefined,
    {
      read: !kept,
    },
  );
  if (!kept)
    payloads.set(
      version,
      fetched.then((reply) =>
        reply.status === 200 ? ((reply.body as { data?: SealedPayload } | null)?.data ?? null) : null,
      ),
    );
  if ((await fetched).status !== 200) return null;
  return payloads.get(version) ?? null;
}

/** The questions the start's key opens from the kept payload: opened once per key, as each device does once. */
async function questionsFrom(payload: SealedPayload, key: PayloadKey): Promise<Question[]> {
  let blocks = opened.get(key.key);
  if (!blocks) {
    blocks = openSealedPayload(payload, key);
    opened.set(key.key, blocks);
  }
  return inAttemptOrder(await blocks, key.order).flatMap((block) => block.questions as Question[]);
}

async function taker(client: TimedClient, index: number, t0: number): Promise<void> {
  const server = index;
  const offline = Math.random() < OFFLINE_SHARE;
  const startAt = t0 + Math.random() * START_S * 1000;
  await sleepUntil(t0 - Math.random() * PREVIEW_S * 1000);
  const kept = await preview(client, server);
  await sleepUntil(startAt);
  const started = given
    ? await client.request('start', server, 'POST', `/v1/public/assignments/${given.code}/start`, {
        display_name: `Taker ${index + 1}`,
      })
    : await client.request('start', server, 'POST', `/v1/public/lessons/${LESSON}/start`, {});
  if (started.status !== 201) return;
  const session = (
    started.body as { data: { uuid: string; api_token: string; blocks: { id: string }[]; sealed?: PayloadKey } }
  ).data;
  const query = `api_token=${session.api_token}`;
  const base = `/v1/public/lessons/online/${session.uuid}`;
  // The start's answer is the session (the app reads it again only when it resumes); with the
  // payload kept and its key given, no block is fetched.
  const questions =
    kept && session.sealed
      ? await questionsFrom(kept, session.sealed)
      : (
          await Promise.all(
            session.blocks.map((block) =>
              client.request('block', server, 'GET', `${base}/blocks/${block.id}?${query}`),
            ),
          )
        ).flatMap((block) => (block.body as { data?: { questions?: Question[] } })?.data?.questions ?? []);
  if (questions.length === 0) return;
  const mine = new Set<string>();
  acknowledged.set(session.uuid, mine);

  const answerEnd = t0 + (START_S + ANSWER_S) * 1000;
  const finishAt = answerEnd + Math.random() * FINISH_S * 1000;
  const reconnectAt =
    offline && Math.random() < 0.5 ? performance.now() + Math.random() * (answerEnd - performance.now()) : finishAt;
  let queued: Answer[] = [];
  let lastContact = performance.now();
  // In an assignment the answer path is filed by whether the tutor's monitor was open meanwhile.
  // With a restart, by whether the server was there.
  const named = (what: string) =>
    (given ? `${what} [${watchedAt(t0) ? 'tutor watching' : 'nobody watching'}]` : what) +
    (RESTART_S > 0 ? phase() : '');
  const acknowledge = (item: Answer) => {
    mine.add(item.answer_id);
    const key = `${session.uuid}/${item.question_id}`;
    if (!answeredQuestions.has(key)) {
      answeredQuestions.add(key);
      if (given) answeredAt.push(wallNow());
    }
  };
  const sendBatch = async () => {
    if (queued.length === 0) return;
    const batch = queued;
    queued = [];
    const unsent = given ? '&unsent=0' : '';
    const answer = await client.request(
      named('answer (batch)'),
      server,
      'POST',
      `${base}/answer?${query}${unsent}`,
      batch,
    );
    const results = (answer.body as { data?: { results?: { answer_id: string | null; status: number }[] } })?.data
      ?.results;
    if (answer.status >= 200 && answer.status < 300 && results) {
      lastContact = performance.now();
      for (const item of results) {
        const sent = batch.find((a) => a.answer_id === item.answer_id);
        if (sent && item.status >= 200 && item.status < 300) acknowledge(sent);
      }
    }
  };
  /** Waits until `at`; an assigned attempt's device online sends its heartbeats meanwhile. */
  const waitUntil = async (at: number) => {
    const reachable = !offline || performance.now() >= reconnectAt;
    while (given && reachable && lastContact + HEARTBEAT_MS < at) {
      await sleepUntil(lastContact + HEARTBEAT_MS);
      const beat = await client.request(
        'heartbeat',
        server,
        'POST',
        `${base}/heartbeat`,
        { api_token: session.api_token, unsent: 0 },
        { read: false },
      );
      lastContact = performance.now();
      if (beat.status >= 300) break;
    }
    await sleepUntil(at);
  };

  // With a restart, answers go out as the app sends them: queued, retried until the server takes them.
  const outbox =
    RESTART_S > 0
      ? new RetryingOutbox(async (batch): Promise<Sent> => {
          const one = batch.length === 1 ? batch[0] : undefined;
          const reply = await client.request(
            named(one ? 'answer' : 'answer (batch)'),
            server,
            'POST',
            `${base}/answer?${query}`,
            one ?? batch,
          );
          const final = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;
          if (one) {
            if (reply.status === 200 || reply.status === 201) {
              acknowledge(one);
              return { acknowledged: [one.answer_id], settled: [one.answer_id] };
            }
            return final(reply.status) ? { acknowledged: [], settled: [one.answer_id] } : null;
          }
          const results = (reply.body as { data?: { results?: { answer_id: string | null; status: number }[] } })?.data
            ?.results;
          if (reply.status !== 200 || !results) return final(reply.status) ? { acknowledged: [], settled: [] } : null;
          const sent: NonNullable<Sent> = { acknowledged: [], settled: [] };
          for (const item of results) {
            const answer = batch.find((a) => a.answer_id === item.answer_id);
            if (!answer) continue;
            if (item.status >= 200 && item.status < 300) {
              acknowledge(answer);
              sent.acknowledged.push(answer.answer_id);
              sent.settled.push(answer.answer_id);
            } else if (final(item.status)) sent.settled.push(answer.answer_id);
          }
          return sent;
        })
      : null;

  let at = performance.now() + exponential(MEAN_GAP_S) * 1000;
  while (at < answerEnd) {
    await waitUntil(at);
    lags.push(performance.now() - at);
    const question = pick(questions);
    const item = {
      answer_id: randomUUID(),
      question_id: question.id,
      value: valueFor(question),
      answered_at: Date.now(),
    };
    if (outbox) outbox.add(item);
    else if (offline && performance.now() < reconnectAt) queued.push(item);
    else {
      await sendBatch();
      const window = windowAt(t0);
      const answer = await client.request(named('answer'), server, 'POST', `${base}/answer?${query}`, item, {
        read: false,
      });
      if (given) windowedAnswers.push({ at: answer.at, ms: answer.ms, window, reader: server % ports.length === 0 });
      if (answer.status >= 200 && answer.status < 300) {
        lastContact = performance.now();
        acknowledge(item);
      }
    }
    at += exponential(MEAN_GAP_S) * 1000;
  }

  await waitUntil(finishAt);
  lags.push(performance.now() - finishAt);
  await outbox?.drained();
  await sendBatch();
  const finish = await client.request(
    'finish',
    server,
    'POST',
    `${base}/finish?${query}`,
    { reason: 'timeout' },
    { read: false },
  );
  if (finish.status >= 200 && finish.status < 300) finished.add(session.uuid);
  await client.request('results', server, 'GET', `${base}/results?${query}`, undefined, { read: false });
}

/** Every acknowledged answer and finish, looked up in the database itself. */
async function verify(dataDir: string, schema: string) {
  const sessions = [...acknowledged.keys()];
  let stored: { session_uuid: string; id: string }[] = [];
  let finishedInDb = new Set<string>();
  if (postgres) {
    const client = new pg.Client({ connectionString: postgres });
    await client.connect();
    await client.query(`set search_path to ${schema}`);
    stored = (await client.query('select session_uuid, id from answers where session_uuid = any($1)', [sessions])).rows;
    finishedInDb = new Set(
      (
        await client.query(`select uuid from online_sessions where status = 'finished' and uuid = any($1)`, [sessions])
      ).rows.map((row: { uuid: string }) => row.uuid),
    );
    await client.end();
  } else {
    const db = new Database(join(dataDir, 'zalik.sqlite'), { readonly: true });
    stored = db.prepare('select session_uuid, id from answers').all() as typeof stored;
    finishedInDb = new Set(
      (db.prepare(`select uuid from online_sessions where status = 'finished'`).all() as { uuid: string }[]).map(
        (r) => r.uuid,
      ),
    );
    db.close();
  }
  const storedKeys = new Map<string, number>();
  for (const row of stored)
    storedKeys.set(`${row.session_uuid}/${row.id}`, (storedKeys.get(`${row.session_uuid}/${row.id}`) ?? 0) + 1);
  let acknowledgedCount = 0;
  let missing = 0;
  for (const [session, ids] of acknowledged) {
    for (const id of ids) {
      acknowledgedCount += 1;
      if (storedKeys.get(`${session}/${id}`) !== 1) missing += 1;
    }
  }
  const twice = [...storedKeys.values()].filter((count) => count > 1).length;
  const unfinished = [...finished].filter((uuid) => !finishedInDb.has(uuid)).length;
  return { acknowledgedCount, missing, twice, finishedCount: finished.size, unfinished };
}

const dataDir = mkdtempSync(join(tmpdir(), 'zalik-exam-day-'));
const schema = postgres ? `zalik_exam_${process.pid}` : '';
const env = {
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DIST_DIR: 'none',
  LOG_LEVEL: 'warn',
  DATABASE_SCHEMA: schema,
  // A district's takers come from many addresses; here they all come from 127.0.0.1. With
  // BENCH_DEFAULT_LIMITS=1 the defaults stay: one school behind one address (its NAT).
  ...(process.env.BENCH_DEFAULT_LIMITS === '1'
    ? {}
    : { RATE_LIMIT_STARTS_PER_IP: '100000000', RATE_LIMIT_ANSWERS_PER_IP: '100000000' }),
};
const ports: number[] = [];
const servers: ChildProcess[] = [];
const launch = (port: number) =>
  startProcess(
    process.execPath,
    [
      // Where the server's time goes: scripts/bench/profile-summary.ts reads the largest profile.
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
      '--import',
      'tsx',
      'server/server.ts',
    ],
    { ...env, PORT: String(port) },
    port,
    '/v1/public/subjects/list',
  );
try {
  for (let i = 0; i < SERVERS; i++) {
    const port = await freePort();
    // One after another: the first one migrates and seeds the database, the others find it ready.
    servers.push(await launch(port));
    ports.push(port);
  }
  const client = new TimedClient(ports, Math.max(64, Math.ceil(2048 / SERVERS)));
  console.log(
    `exam day: ${TAKERS} takers of ${ASSIGNMENT ? 'one assignment' : `"${LESSON}"`}, ${SERVERS} server process(es) on ${postgres ? 'PostgreSQL' : 'SQLite'}, ` +
      `starts over ${START_S} s, answers for ${ANSWER_S} s more, finishes within ${FINISH_S} s`,
  );
  if (ASSIGNMENT) {
    given = await giveAssignment(ports[0] as number);
    console.log(
      `one assignment (${given.code}) of a 50-question test; the tutor's monitor open every other ${WINDOW_S} s`,
    );
  }
  const sampler = sampleProcesses(servers.map((server) => server.pid ?? 0));
  const machine = sampleMachine(availableParallelism());
  const timelineS = Number(process.env.BENCH_TIMELINE ?? 0);
  const cpuByGroup = timelineS > 0 ? sampleCpuByGroup() : null;
  // The takers open the test's page in the PREVIEW_S before the starts begin.
  const begin = performance.now();
  const t0 = begin + PREVIEW_S * 1000;
  // BENCH_WATCH=0: nobody watches in either window, to see how far the two sets differ by chance.
  watcher = given && process.env.BENCH_WATCH !== '0' ? watchMonitor(ports[0] as number, given, t0) : null;
  const restart =
    RESTART_S > 0
      ? runOutage(
          t0 + (START_S + OUTAGE_AFTER_STARTS_S) * 1000,
          RESTART_S * 1000,
          async () => {
            await Promise.all(servers.map((server) => stopProcess(server)));
          },
          async () => {
            // The same ports and data: a restart, as a deploy or a supervisor does it.
            for (const [i, port] of ports.entries()) servers[i] = await launch(port);
          },
        )
      : null;
  await Promise.all(Array.from({ length: TAKERS }, (_, index) => taker(client, index, t0)));
  const restarted = await restart;
  const watched = await watcher?.stop();
  const seconds = (performance.now() - begin) / 1000;
  const usage = sampler.stop();
  const whole = machine.stop();
  cpuByGroup?.stop();
  client.close();

  // While the server is away every request fails by design; the takers' outboxes send them again.
  const { rows, worstP99, errors, requests } = client.report(seconds, (name) => !name.includes('[server away]'));
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((row) => row[c]?.length ?? 0))) ?? [];
  console.log(`\n${requests} requests in ${seconds.toFixed(1)} s (${(requests / seconds).toFixed(0)} req/s overall)\n`);
  for (const row of rows)
    console.log(
      row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0))).join('  '),
    );
  // BENCH_TIMELINE=10: each 10 s of the run, its requests and p99 by endpoint, and the CPU of the
  // servers, PostgreSQL, this generator and the rest (% of one core).
  if (timelineS > 0) {
    console.log('');
    const cpu = (from: number, to: number) => {
      const used = cpuByGroup?.between(from, to);
      if (!used) return '';
      return `; CPU ${Object.entries(used)
        .map(([group, percent]) => `${group} ${percent.toFixed(0)}%`)
        .join(', ')}`;
    };
    for (const line of client.timeline(timelineS * 1000, (name) => !name.includes('[server away]'), cpu))
      console.log(line);
  }
  for (const failure of client.failures)
    console.log(
      `no answer: ${failure.endpoint} ${failure.code} after ${failure.afterMs} ms on a ` +
        `${failure.reusedSocket ? 'reused' : 'fresh'} connection${failure.retried ? ' (already sent again once)' : ''}`,
    );
  const sortedLags = lags.sort((a, b) => a - b);
  console.log(
    `\nserver CPU: ${usage.averageCpu.toFixed(0)}% average, ${usage.peakCpu.toFixed(0)}% peak (100% = one core); ` +
      `memory: ${(usage.peakRssBytes / 1024 / 1024).toFixed(0)} MB peak RSS; ` +
      `generator lag p99 ${percentile(sortedLags, 99).toFixed(0)} ms, peak ${client.peakInFlight} requests in flight, ` +
      `${client.staleRetries} sent again after a stale keep-alive connection\n` +
      `machine (${availableParallelism()} cores, every process): ${whole.busy.toFixed(0)}% busy and ${whole.iowait.toFixed(0)}% waiting on the disk on average; ` +
      `this generator ${whole.generator.toFixed(0)}% (100% = one core)`,
  );
  const check = await verify(dataDir, schema);
  console.log(
    `stored: ${check.acknowledgedCount} acknowledged answers checked, ${check.missing} missing, ${check.twice} stored twice; ` +
      `${check.finishedCount} acknowledged finishes, ${check.unfinished} not finished in the database`,
  );
  let assignmentPass = true;
  if (given) {
    const after = await readResults(ports[0] as number, given);
    const p99Of = (name: string) =>
      percentile(
        [...(client.stats.get(name)?.latencies ?? [])].sort((a, b) => a - b),
        99,
      );
    const unwatched = p99Of('answer [nobody watching]');
    const watching = p99Of('answer [tutor watching]');
    const reads = watched ?? { reads: 0, latencies: [0], spans: [], shown: [], sent: [] };
    const sent = [...reads.sent].sort((a, b) => a - b);
    const behind = readsBehind(reads, answeredAt);
    const monitorP95 = percentile(reads.latencies, 95);
    // BENCH_DUMP=<file>: every answer and read, for scripts/bench/around-reads.ts.
    if (process.env.BENCH_DUMP)
      writeFileSync(process.env.BENCH_DUMP, JSON.stringify({ answers: windowedAnswers, spans: reads.spans }));
    const watchedAnswers = windowedAnswers.filter((a) => a.window % 2 === 1);
    const split = besideReads(watchedAnswers, reads.spans);
    const typical = typicalWindowP99(windowedAnswers);
    // Told apart by process: a cost paid in the serving process (its thread, its collector) shows
    // only beside it; one paid by the database or the machine shows in both.
    const byProcess = (reader: boolean) =>
      besideReads(
        watchedAnswers.filter((a) => a.reader === reader),
        reads.spans,
      ).beside;
    const [onReader, onOther] = [byProcess(true), byProcess(false)];
    const typicalOf = (reader: boolean) => {
      const { watched, unwatched } = typicalWindowP99(windowedAnswers.filter((a) => a.reader === reader));
      return `${watched.toFixed(1)} / ${unwatched.toFixed(1)} ms (${((watched / unwatched - 1) * 100).toFixed(1)} %)`;
    };
    const staleness = MONITOR_EVERY_MS + monitorP95;
    console.log(
      `\nassignment: monitor read ${reads.reads} times, p95 ${monitorP95.toFixed(1)} ms, ${behind} reads behind an acknowledged answer; ` +
        `current within ${(staleness / 1000).toFixed(2)} s (read every ${MONITOR_EVERY_MS / 1000} s + p95); ` +
        `takers sent by a read of the changed ones: median ${percentile(sent, 50)}, p95 ${percentile(sent, 95)} (of ${after.attempts})\n` +
        `answer p99 ${watching.toFixed(1)} ms with the tutor watching, ${unwatched.toFixed(1)} ms without ` +
        `(${((watching / unwatched - 1) * 100).toFixed(1)} %); of the watched, ${split.beside.length} in flight beside a monitor read: ` +
        `p99 ${percentile(split.beside, 99).toFixed(1)} ms, the other ${split.apart.length} p99 ${percentile(split.apart, 99).toFixed(1)} ms\n` +
        (ports.length > 1
          ? `beside a read, to the process serving the monitor: ${onReader.length}, p99 ${percentile(onReader, 99).toFixed(1)} ms; ` +
            `to the other: ${onOther.length}, p99 ${percentile(onOther, 99).toFixed(1)} ms\n` +
            `median window, watched / not, of the process serving the monitor: ${typicalOf(true)}; of the other: ${typicalOf(false)}\n`
          : '') +
        `answer p99 of a typical ${WINDOW_S} s window (the median window's): ${typical.watched.toFixed(1)} ms watched, ` +
        `${typical.unwatched.toFixed(1)} ms not (${((typical.watched / typical.unwatched - 1) * 100).toFixed(1)} %, ` +
        `over ${typical.windows.watched} and ${typical.windows.unwatched} windows; target within 10 %)\n` +
        `results table of ${after.attempts} attempts: p95 ${after.tableP95.toFixed(1)} ms over 20 reads; ` +
        `results.csv ${after.resultsCsv.rows} rows in ${after.resultsCsv.ms.toFixed(0)} ms; ` +
        `answers.csv ${after.answersCsv.rows} rows (${(after.answersCsv.bytes / 1024 / 1024).toFixed(1)} MB) in ${after.answersCsv.ms.toFixed(0)} ms`,
    );
    assignmentPass =
      behind === 0 &&
      staleness <= 2_000 &&
      after.tableP95 < 500 &&
      after.answersCsv.ms < 2_000 &&
      typical.watched <= typical.unwatched * 1.1;
  }
  let restartPass = true;
  if (restarted) {
    const waits = waitsAfterReturn.sort((a, b) => a - b);
    const median = percentile(waits, 50);
    const p95 = percentile(waits, 95);
    console.log(
      `\nrestart: the server stopped in ${(restarted.stoppingMs / 1000).toFixed(1)} s (answering what still came), was away ` +
        `${(restarted.awayMs / 1000).toFixed(1)} s; ${waits.length} answers waited through it on the takers' devices and reached ` +
        `the returned server after a median ${(median / 1000).toFixed(1)} s, p95 ${(p95 / 1000).toFixed(1)} s, last ` +
        `${((waits.at(-1) ?? 0) / 1000).toFixed(1)} s (targets: median ≤ 15 s, p95 ≤ 30 s)`,
    );
    restartPass = waits.length > 0 && median <= 15_000 && p95 <= 30_000;
  }
  const pass =
    restartPass &&
    assignmentPass &&
    worstP99 < P99_BUDGET_MS &&
    errors === 0 &&
    check.missing === 0 &&
    check.twice === 0 &&
    check.unfinished === 0;
  console.log(
    `\n${pass ? 'PASS' : 'FAIL'}: worst p99 ${worstP99.toFixed(1)} ms (target < ${P99_BUDGET_MS}), ${errors} errors, ` +
      `${check.missing + check.twice + check.unfinished} storage faults`,
  );
  if (!pass) process.exitCode = 1;
} finally {
  for (const server of servers) await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
  if (schema) {
    const client = new pg.Client({ connectionString: postgres });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
}
