/**
 * `npm run bench:answers`: answer POSTs per second and latency through the real server and database,
 * against a bare node:http server in the same run. Loopback only, bounded in time and count.
 * Environment: BENCH_SECONDS (5), BENCH_CONNECTIONS (32), DATABASE_URL (PostgreSQL instead of SQLite),
 * BENCH_PROFILE (a folder: the server writes a V8 CPU profile there; read it with scripts/bench/profile-summary.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sampleAnswer } from '../contract/question-types/registry.ts';
import { type LoadResult, runLoad } from './bench/load.ts';
import { freePort, startProcess, stopProcess } from './bench/processes.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const maxRequests = 500_000;
const SESSIONS = 200;

interface Target {
  uuid: string;
  token: string;
  questions: { id: string; value: unknown }[];
}

async function prepareSessions(port: number): Promise<Target[]> {
  const base = `http://127.0.0.1:${port}/v1/public`;
  const subjects = (await (await fetch(`${base}/subjects/list?audience=student`)).json()).data;
  const specs = (await (await fetch(`${base}/specializations/list?subject_slug=${subjects[0].slug}`)).json()).data;
  const lessons = (
    await (
      await fetch(`${base}/lessons/list?subject_slug=${subjects[0].slug}&subject_spec_slug=${specs[0].slug}`)
    ).json()
  ).data;
  const targets: Target[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const started = (await (await fetch(`${base}/lessons/${lessons[0].slug}/start`, { method: 'POST' })).json()).data;
    const questions: Target['questions'] = [];
    if (i === 0 || targets.length === 0) {
      for (const block of started.blocks) {
        const b = (
          await (
            await fetch(`${base}/lessons/online/${started.uuid}/blocks/${block.id}?api_token=${started.api_token}`)
          ).json()
        ).data;
        for (const q of b.questions) {
          const value = sampleAnswer(q, () => 0);
          questions.push({ id: q.id, value });
        }
      }
    }
    targets.push({
      uuid: started.uuid,
      token: started.api_token,
      questions: questions.length ? questions : (targets[0]?.questions ?? []),
    });
  }
  return targets;
}

function answerLoad(targets: Target[]) {
  return (i: number) => {
    const t = targets[i % targets.length] as Target;
    const q = t.questions[Math.floor(i / targets.length) % t.questions.length] as Target['questions'][number];
    return {
      method: 'POST',
      path: `/v1/public/lessons/online/${t.uuid}/answer?api_token=${t.token}`,
      body: { answer_id: randomUUID(), question_id: q.id, value: q.value, answered_at: Date.now() },
    };
  };
}

function line(name: string, r: LoadResult) {
  return `${name.padEnd(22)} ${r.perSecond.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2).padStart(7)} ms   p99 ${r.p99
    .toFixed(2)
    .padStart(7)} ms   ${r.requests} requests, ${r.errors} errors`;
}

const dataDir = mkdtempSync(join(tmpdir(), 'zalik-bench-'));
// On PostgreSQL the run gets a schema of its own, dropped afterwards.
const schema = process.env.DATABASE_URL ? `zalik_bench_${process.pid}` : '';
const barePort = await freePort();
const zalikPort = await freePort();
const bare = await startProcess(
  process.execPath,
  ['--import', 'tsx', 'scripts/bench/bare-server.ts'],
  { PORT: String(barePort) },
  barePort,
);
let bareResult: LoadResult;
try {
  const targets = [{ uuid: randomUUID(), token: 'x', questions: [{ id: 'q1', value: 'a' }] }];
  await runLoad({ port: barePort, connections, durationMs: 1000, maxRequests, next: answerLoad(targets) });
  bareResult = await runLoad({
    port: barePort,
    connections,
    durationMs: seconds * 1000,
    maxRequests,
    next: answerLoad(targets),
  });
} finally {
  await stopProcess(bare);
}

const zalik = await startProcess(
  process.execPath,
  [
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    '--import',
    'tsx',
    'server/server.ts',
  ],
  { PORT: String(zalikPort), DATA_DIR: dataDir, DIST_DIR: 'none', LOG_LEVEL: 'warn', DATABASE_SCHEMA: schema },
  zalikPort,
  '/v1/public/subjects/list',
);
let zalikResult: LoadResult;
let stored = 0;
try {
  const targets = await prepareSessions(zalikPort);
  console.log(`prepared ${targets.length} sessions`);
  await runLoad({ port: zalikPort, connections, durationMs: 1000, maxRequests, next: answerLoad(targets) });
  zalikResult = await runLoad({
    port: zalikPort,
    connections,
    durationMs: seconds * 1000,
    maxRequests,
    next: answerLoad(targets),
  });
  stored = zalikResult.statuses[201] ?? 0;
} finally {
  await stopProcess(zalik);
  rmSync(dataDir, { recursive: true, force: true });
  if (schema) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
  }
}

const ratio = zalikResult.perSecond / bareResult.perSecond;
console.log(
  `answer POSTs, ${connections} connections, ${seconds} s each, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}`,
);
console.log(line('bare node:http', bareResult));
console.log(line('zalik (server + db)', zalikResult));
// Issue 7's target is for the embedded database; PostgreSQL's round trips make it a reference figure.
const target = process.env.DATABASE_URL ? null : 0.5;
const verdict =
  target === null ? 'no target on PostgreSQL' : `target ≥ ${target.toFixed(2)}: ${ratio >= target ? 'met' : 'BELOW'}`;
console.log(`ratio ${ratio.toFixed(2)} (${verdict}); ${stored} answers stored`);
if (target !== null && ratio < target) process.exitCode = 1;
if (zalikResult.errors > 0) {
  console.error('errors during the run:', zalikResult.statuses);
  process.exitCode = 1;
}
