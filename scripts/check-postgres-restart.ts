/**
 * `npm run check:pg-restart` (CI runs it after the PostgreSQL suite): the real PostgreSQL server is
 * stopped under a running Zalik server and started again. While it is down, calls that need it
 * answer 503 with Retry-After and a message, and the process lives on; once it is back, the same
 * process serves again by itself and nothing acknowledged before was lost.
 *
 * It stops the machine's PostgreSQL (pg_ctlcluster), so it runs alone, never beside other suites;
 * server/db/outage.test.ts covers the same ground with a cut TCP proxy inside `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sampleAnswer } from '../contract/question-types/registry.ts';
import { freePort, startProcess, stopProcess } from './bench/processes.ts';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const cluster = readdirSync('/etc/postgresql')[0] ?? '15';
const schema = `zalik_restart_${process.pid}`;
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

function postgres(action: 'start' | 'stop'): void {
  execFileSync(
    'pg_ctlcluster',
    ['--skip-systemctl-redirect', cluster, 'main', action, ...(action === 'stop' ? ['-m', 'fast'] : [])],
    {
      stdio: 'inherit',
    },
  );
}

async function waitForPostgres(): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Error('PostgreSQL did not come back within 30 s');
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'zalik-pg-restart-'));
const server = await startProcess(
  process.execPath,
  ['--import', 'tsx', 'server/server.ts'],
  {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DIST_DIR: 'none',
    LOG_LEVEL: 'error',
    DATABASE_URL: url,
    DATABASE_SCHEMA: schema,
  },
  port,
  '/v1/public/subjects/list',
);
const base = `http://127.0.0.1:${port}/v1/public`;
const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: text ? JSON.parse(text) : null };
};

let stopped = false;
try {
  const started = (await call('POST', '/lessons/linear-equations/start', {})).body.data;
  const query = `api_token=${started.api_token}`;
  const online = `/lessons/online/${started.uuid}`;
  const block = (await call('GET', `${online}/blocks/${started.blocks[0].id}?${query}`)).body.data;
  const [first, second] = block.questions as { id: string; type: string; options?: { id: string }[] }[];
  const valueFor = (question: typeof first) => (question ? sampleAnswer(question, () => 0) : undefined);
  const answer = (question: typeof first) => ({
    answer_id: randomUUID(),
    question_id: question?.id,
    value: valueFor(question),
    answered_at: Date.now(),
  });
  const before = answer(first);
  check(
    (await call('POST', `${online}/answer?${query}`, before)).status === 201,
    'an answer is stored before the stop',
  );

  postgres('stop');
  stopped = true;
  for (const [what, request] of [
    ['an answer', () => call('POST', `${online}/answer?${query}`, answer(second))],
    ['the session state', () => call('GET', `${online}?${query}`)],
    ['a new start', () => call('POST', '/lessons/linear-equations/start', {})],
  ] as const) {
    const res = await request();
    check(
      res.status === 503 &&
        Number(res.retryAfter) > 0 &&
        typeof res.body?.message === 'string' &&
        !/ECONN|at .*\.ts/.test(JSON.stringify(res.body)),
      `with PostgreSQL stopped, ${what} gets 503 with Retry-After ${res.retryAfter} and "${res.body?.message}" (got ${res.status})`,
    );
  }
  check(server.exitCode === null && server.signalCode === null, 'the server process is still running');

  postgres('start');
  stopped = false;
  await waitForPostgres();
  let recovered = 0;
  for (let i = 0; i < 60 && recovered !== 201; i++) {
    recovered = (await call('POST', `${online}/answer?${query}`, answer(second))).status;
    if (recovered !== 201) await new Promise((r) => setTimeout(r, 500));
  }
  check(recovered === 201, 'PostgreSQL back: the same process takes answers again by itself');
  check((await call('POST', `${online}/finish?${query}`, {})).status === 200, 'the test finishes');
  const results = (await call('GET', `${online}/results?${query}`)).body.data;
  const given = (results.blocks as { questions: { id: string; given: unknown }[] }[])
    .flatMap((b) => b.questions)
    .filter((q) => q.given !== null && q.given !== undefined)
    .map((q) => q.id);
  check(
    given.includes(first?.id ?? '') && given.includes(second?.id ?? ''),
    'both answers are in the results: nothing lost',
  );
} finally {
  if (stopped) {
    postgres('start');
    await waitForPostgres();
  }
  await stopProcess(server);
  rmSync(dataDir, { recursive: true, force: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}

if (failures.length > 0) {
  console.error(`\nPostgreSQL restart check failed: ${failures.length} point(s)`);
  process.exit(1);
}
console.log('\nPostgreSQL restart check passed.');
