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
 * DATABASE_URL: BENCH_SERVERS (as many as cores) processes share PostgreSQL, BENCH_BALANCER=nginx|caddy
 * before them (bench/balanced.ts). BENCH_PROFILE (a folder): each server's V8 CPU profile. BENCH_TIMELINE
 * (s): requests, p99 and CPU (servers, PostgreSQL, generator, the rest; /proc) window by window.
 *
 * BENCH_ASSIGNMENT=1 (`npm run bench:assignment`): one assignment of a 50-question test
 * (bench/assignment-scenario.ts); takers start by its code, heartbeat after 15 s without contact,
 * answer for 300 s; the tutor's monitor (its own process) is open every other 3 s and a message goes
 * to everyone half way (bench/room-message.ts). It also fails unless every monitor read was current,
 * its p95 fits the 2 s, the results table's p95 is under 500 ms, the CSV of every answer streams in
 * under 2 s, every taker still answering had the message, and the answer p99 watched is within 10 %
 * of unwatched, window by window (typicalWindowP99: a stall of the machine moves pooled p99s more).
 * BENCH_DUMP=<file>: every timed answer and monitor read, for scripts/bench/around-reads.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  besideReads,
  giveAssignment,
  MONITOR_EVERY_MS,
  readResults,
  readsBehind,
  typicalWindowP99,
  WINDOW_S,
} from './bench/assignment-scenario.ts';
import { frontOf, ownData, serverPort } from './bench/balanced.ts';
import {
  ANSWER_S,
  ASSIGNMENT,
  FINISH_S,
  LESSON,
  P99_BUDGET_MS,
  PREVIEW_S,
  postgres,
  RESTART_S,
  SERVERS,
  START_S,
  TAKERS,
} from './bench/exam-day-config.ts';
import { run, taker } from './bench/exam-taker.ts';
import { dropSchema, verifyStored } from './bench/exam-verify.ts';
import { percentile } from './bench/load.ts';
import { watchMonitor } from './bench/monitor-watch.ts';
import { POOLS_SIGNALS, pooledAgainstPlain, signalsSent } from './bench/pool-signals.ts';
import { sampleCpuByGroup, sampleMachine, sampleProcesses } from './bench/proc-stats.ts';
import { startProcess, stopProcess } from './bench/processes.ts';
import { OUTAGE_AFTER_STARTS_S, runOutage, waitsAfterReturn } from './bench/restart-scenario.ts';
import { roomReport, sendMessageAt } from './bench/room-message.ts';
import { startLines } from './bench/start-retry.ts';
import { TimedClient } from './bench/timed-client.ts';

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
let front: Awaited<ReturnType<typeof frontOf>> | undefined;
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
    { ...env, PORT: String(port), ...ownData(dataDir, port) },
    port,
    '/v1/public/subjects/list',
  );
try {
  for (let i = 0; i < SERVERS; i++) {
    const port = await serverPort(i);
    // One after another: the first one migrates and seeds the database, the others find it ready.
    servers.push(await launch(port));
    ports.push(port);
  }
  run.servers = ports.length;
  front = await frontOf(ports);
  const [first] = front.targets as [number];
  const client = new TimedClient(front.targets, Math.max(64, Math.ceil(2048 / front.targets.length)));
  console.log(
    `exam day: ${TAKERS} takers of ${ASSIGNMENT ? 'one assignment' : `"${LESSON}"`}, ${SERVERS} server process(es) on ${postgres ? 'PostgreSQL' : 'SQLite'}, ` +
      `starts over ${START_S} s, answers for ${ANSWER_S} s more, finishes within ${FINISH_S} s`,
  );
  if (ASSIGNMENT) {
    run.given = await giveAssignment(first);
    if (POOLS_SIGNALS) run.pooled = await giveAssignment(first, true);
    console.log(
      `one assignment (${run.given.code}) of a 50-question test; the tutor's monitor open every other ${WINDOW_S} s`,
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
  const watcher = run.given && process.env.BENCH_WATCH !== '0' ? watchMonitor(first, run.given, t0) : null;
  const message = run.given ? sendMessageAt(first, run.given, t0 + (START_S + ANSWER_S / 2) * 1000) : null;
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
  await message;
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
  console.log(`\n${startLines(client)}`);
  for (const failure of client.failures)
    console.log(
      `no answer: ${failure.endpoint} ${failure.code} after ${failure.afterMs} ms on a ` +
        `${failure.reusedSocket ? 'reused' : 'fresh'} connection${failure.retried ? ' (already sent again once)' : ''}`,
    );
  const sortedLags = run.lags.sort((a, b) => a - b);
  console.log(
    `\nserver CPU: ${usage.averageCpu.toFixed(0)}% average, ${usage.peakCpu.toFixed(0)}% peak (100% = one core); ` +
      `memory: ${(usage.peakRssBytes / 1024 / 1024).toFixed(0)} MB peak RSS; ` +
      `generator lag p99 ${percentile(sortedLags, 99).toFixed(0)} ms, peak ${client.peakInFlight} requests in flight, ` +
      `${client.staleRetries} sent again after a stale keep-alive connection\n` +
      `machine (${availableParallelism()} cores, every process): ${whole.busy.toFixed(0)}% busy and ${whole.iowait.toFixed(0)}% waiting on the disk on average; ` +
      `this generator ${whole.generator.toFixed(0)}% (100% = one core)`,
  );
  const check = await verifyStored(dataDir, schema);
  console.log(
    `stored: ${check.acknowledgedCount} acknowledged answers checked, ${check.missing} missing, ${check.twice} stored twice; ` +
      `${check.finishedCount} acknowledged finishes, ${check.unfinished} not finished in the database`,
  );
  let assignmentPass = true;
  if (run.given) {
    const after = await readResults(first, run.given);
    const p99Of = (name: string) =>
      percentile(
        [...(client.stats.get(name)?.latencies ?? [])].sort((a, b) => a - b),
        99,
      );
    const unwatched = p99Of('answer [nobody watching]');
    const watching = p99Of('answer [tutor watching]');
    const reads = watched ?? { reads: 0, latencies: [0], spans: [], shown: [], sent: [] };
    const sent = [...reads.sent].sort((a, b) => a - b);
    const behind = readsBehind(reads, run.answeredAt);
    const monitorP95 = percentile(reads.latencies, 95);
    // BENCH_DUMP=<file>: every answer and read, for scripts/bench/around-reads.ts.
    if (process.env.BENCH_DUMP)
      writeFileSync(process.env.BENCH_DUMP, JSON.stringify({ answers: run.windowedAnswers, spans: reads.spans }));
    const watchedAnswers = run.windowedAnswers.filter((a) => a.window % 2 === 1);
    const split = besideReads(watchedAnswers, reads.spans);
    const typical = typicalWindowP99(run.windowedAnswers);
    // Told apart by process: a cost paid in the serving process (its thread, its collector) shows
    // only beside it; one paid by the database or the machine shows in both.
    const byProcess = (reader: boolean) =>
      besideReads(
        watchedAnswers.filter((a) => a.reader === reader),
        reads.spans,
      ).beside;
    const [onReader, onOther] = [byProcess(true), byProcess(false)];
    const typicalOf = (reader: boolean) => {
      const { watched, unwatched } = typicalWindowP99(run.windowedAnswers.filter((a) => a.reader === reader));
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
    const roomSaid = await roomReport(first, run.given);
    console.log(roomSaid.line);
    const pools = pooledAgainstPlain(run.windowedAnswers);
    if (POOLS_SIGNALS)
      console.log(
        `pools and signals: answer p99 of a typical window ${pools.pooled.toFixed(1)} ms for the pooled takers (signals on), ` +
          `${pools.plain.toFixed(1)} ms for the plain ones (${((pools.pooled / pools.plain - 1) * 100).toFixed(1)} %, over ${pools.windows} windows; target within 10 %); ` +
          `signals ${signalsSent.acknowledged} of ${signalsSent.requests} acknowledged`,
      );
    assignmentPass =
      roomSaid.pass &&
      (!POOLS_SIGNALS || (pools.pooled <= pools.plain * 1.1 && signalsSent.acknowledged === signalsSent.requests)) &&
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
  await front?.stop();
  for (const server of servers) await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
  if (schema) await dropSchema(schema);
}
